#include "engine/compliance.hpp"
