#!/usr/bin/env python3
"""A one-node Slurm cluster in a directory of its own, for tests and for trying oaq's Slurm scripts.

Starts munged, slurmctld and slurmd (Debian's `munge` and `slurm-wlm`) with a generated munge key
and slurm.conf under DIR, on ports that are free, as the current user (root on the test
machines), and stops them again by their pid files. Nothing is written outside DIR; the system's
own Slurm or munge (if any) is not touched. Clients find the cluster through SLURM_CONF, which
`env` prints.

  local_cluster.py start DIR      # prints export lines for SLURM_CONF
  local_cluster.py stop DIR
  local_cluster.py env DIR

Library use (the integration test): `with LocalCluster(dir) as cluster: cluster.run(["sbatch", ...])`.
"""
import os
import shutil
import signal
import socket
import subprocess
import sys
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LocalCluster:
    def __init__(self, root):
        self.root = os.path.abspath(root)
        self.conf = os.path.join(self.root, "slurm.conf")
        self.munge_dir = os.path.join(self.root, "munge")
        self.socket = os.path.join(self.munge_dir, "munge.socket")
        self.log_dir = os.path.join(self.root, "log")

    # ---- set-up -----------------------------------------------------------------------------
    def _write_config(self):
        for d in ("munge", "state", "spool", "log"):
            os.makedirs(os.path.join(self.root, d), exist_ok=True)
        os.chmod(self.munge_dir, 0o700)
        key = os.path.join(self.munge_dir, "munge.key")
        if not os.path.exists(key):
            with open(key, "wb") as f:
                f.write(os.urandom(1024))
            os.chmod(key, 0o400)
        host = socket.gethostname().split(".")[0]
        cpus = os.cpu_count() or 1
        r = self.root
        lines = [
            "ClusterName=oaqlocal", f"SlurmctldHost={host}",
            "AuthType=auth/munge", f"AuthInfo=socket={self.socket}", "CredType=cred/munge",
            f"SlurmUser={os.environ.get('USER', 'root')}", "SlurmdUser=root",
            f"SlurmctldPort={free_port()}", f"SlurmdPort={free_port()}",
            f"StateSaveLocation={r}/state", f"SlurmdSpoolDir={r}/spool",
            f"SlurmctldPidFile={r}/slurmctld.pid", f"SlurmdPidFile={r}/slurmd.pid",
            f"SlurmctldLogFile={r}/log/slurmctld.log", f"SlurmdLogFile={r}/log/slurmd.log",
            # No cgroups in containers: track processes by their parent chain, bind nothing.
            "ProctrackType=proctrack/linuxproc", "TaskPlugin=task/none",
            "SwitchType=switch/none", "MpiDefault=none",
            "JobAcctGatherType=jobacct_gather/none", "AccountingStorageType=accounting_storage/none",
            "JobCompType=jobcomp/none", "SelectType=select/cons_tres",
            "SelectTypeParameters=CR_Core", "ReturnToService=2", "SchedulerType=sched/backfill",
            f"NodeName={host} CPUs={cpus} State=UNKNOWN",
            "PartitionName=oaq Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES",
        ]
        with open(self.conf, "w") as f:
            f.write("\n".join(lines) + "\n")

    def env(self):
        env = dict(os.environ)
        env["SLURM_CONF"] = self.conf
        return env

    def run(self, args, **kwargs):
        """Runs a Slurm client command (sbatch, squeue, ...) against this cluster."""
        return subprocess.run(args, env=self.env(), capture_output=True, text=True, **kwargs)

    def start(self, timeout=60):
        for tool in ("munged", "slurmctld", "slurmd", "sbatch"):
            if not shutil.which(tool):
                raise RuntimeError(f"{tool} not found: install the Debian packages munge and slurm-wlm")
        self._write_config()
        subprocess.run(["munged", "--force", f"--socket={self.socket}",
                        f"--key-file={self.munge_dir}/munge.key",
                        f"--log-file={self.log_dir}/munged.log",
                        f"--pid-file={self.munge_dir}/munged.pid",
                        f"--seed-file={self.munge_dir}/munged.seed"], check=True)
        subprocess.run(["slurmctld"], env=self.env(), check=True)
        subprocess.run(["slurmd"], env=self.env(), check=True)
        deadline = time.time() + timeout
        while time.time() < deadline:
            out = self.run(["sinfo", "-h", "-o", "%T"]).stdout.strip()
            if out in ("idle", "mixed", "allocated"):
                return self
            time.sleep(0.5)
        self.stop()
        raise RuntimeError(f"the local Slurm node did not come up within {timeout} s "
                           f"(see {self.log_dir})")

    def stop(self):
        """Stops the daemons by their own pid files; waits for them to exit."""
        pids = []
        for name in ("slurmd.pid", "slurmctld.pid", os.path.join("munge", "munged.pid")):
            path = os.path.join(self.root, name)
            try:
                with open(path) as f:
                    pids.append(int(f.read().strip()))
            except (OSError, ValueError):
                continue
        for pid in pids:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        deadline = time.time() + 20
        for pid in pids:
            while time.time() < deadline:
                try:
                    os.kill(pid, 0)
                except ProcessLookupError:
                    break
                time.sleep(0.1)
            else:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
        return False


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("start", "stop", "env"):
        print(__doc__, file=sys.stderr)
        return 2
    cluster = LocalCluster(sys.argv[2])
    if sys.argv[1] == "start":
        cluster.start()
    elif sys.argv[1] == "stop":
        cluster.stop()
        return 0
    print(f"export SLURM_CONF={cluster.conf}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
