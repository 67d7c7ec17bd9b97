"""Where the games of a sweep are played: in this process, in one process per core, or on a Dask
distributed cluster. Every backend plays the same chunks (a cell's games ``start`` to ``stop``, each
with its own seed ``game_seed(seed, i)``) and returns their records in chunk order, so a sweep gives
the same results on any backend.
"""

from __future__ import annotations

import multiprocessing as mp
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pnp.errors import PnpError
from pnp.simulate.engine import GameRecord, Simulation
from pnp.simulate.runner import cores, play_record


@dataclass(frozen=True)
class Chunk:
    """Games ``start`` to ``stop - 1`` of cell ``cell`` (``players`` seats), seeded from ``seed``."""

    cell: int
    players: int
    seed: int
    start: int
    stop: int

    @property
    def games(self) -> int:
        return self.stop - self.start


def play_chunk(sim: Simulation, chunk: Chunk, policy: str, check: bool) -> list[GameRecord]:
    """The records of ``chunk``'s games, played by ``sim``."""
    return [play_record(sim, chunk.players, chunk.seed, i, policy, check) for i in range(chunk.start, chunk.stop)]


Done = Callable[[Chunk], None]


def run_local(sims: Sequence[Simulation], chunks: Sequence[Chunk], policy: str, check: bool, jobs: int = 0,
              done: Done | None = None) -> list[list[GameRecord]]:
    """Every chunk's records, in chunk order, on ``jobs`` processes of this machine (0: every core)."""
    jobs = min(cores(jobs), len(chunks)) or 1
    if jobs == 1:
        out = []
        for chunk in chunks:
            out.append(play_chunk(sims[chunk.cell], chunk, policy, check))
            if done is not None:
                done(chunk)
        return out
    methods = mp.get_all_start_methods()
    ctx = mp.get_context("fork" if "fork" in methods else methods[0])
    out = []
    with ctx.Pool(jobs, initializer=_init, initargs=((tuple(sims), policy, check),)) as pool:
        for chunk, records in zip(chunks, pool.imap(_local_chunk, chunks)):
            out.append(records)
            if done is not None:
                done(chunk)
    return out


_JOB: tuple | None = None


def _init(job: tuple) -> None:
    global _JOB
    _JOB = job


def _local_chunk(chunk: Chunk) -> list[GameRecord]:
    sims, policy, check = _JOB
    return play_chunk(sims[chunk.cell], chunk, policy, check)


class ClusterError(PnpError):
    """The Dask cluster cannot be used (distributed not installed, no scheduler at the address...)."""


CONNECT_TIMEOUT = "10s"
"""How long --cluster waits for the scheduler to answer before it says none does."""


def run_cluster(address: str, sims: Sequence[Simulation], chunks: Sequence[Chunk], policy: str, check: bool,
                done: Done | None = None) -> list[list[GameRecord]]:
    """Every chunk's records, in chunk order, played by the workers of the Dask distributed
    scheduler at ``address`` (e.g. ``tcp://10.0.0.5:8786``). The engines are sent to the workers
    once; the workers need pnp installed, not the game's folder."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ClusterError("--cluster needs Dask distributed: pip install 'pnp[cluster]'") from None
    _by_value(sims)
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"no Dask scheduler answers at {address} ({exc}); start one with "
                           "`dask scheduler` and workers with `dask worker ADDRESS`") from None
    try:
        shared = client.scatter(list(sims), broadcast=True)
        futures = [client.submit(_cluster_chunk, shared, chunk, policy, check, key=f"pnp-chunk-{i}-{id(chunks)}",
                                 pure=False) for i, chunk in enumerate(chunks)]
        index = {f.key: i for i, f in enumerate(futures)}
        out: list[list[GameRecord] | None] = [None] * len(chunks)
        for future in as_completed(futures):
            i = index[future.key]
            out[i] = future.result()
            if done is not None:
                done(chunks[i])
        return out  # type: ignore[return-value]
    finally:
        client.close()


def _cluster_chunk(sims: list[Simulation], chunk: Chunk, policy: str, check: bool) -> list[GameRecord]:
    return play_chunk(sims[chunk.cell], chunk, policy, check)


def _by_value(sims: Sequence[Simulation]) -> None:
    """Engines from a game folder's own rules.py live in a module the workers cannot import: send
    that module's code with them."""
    try:
        import cloudpickle
    except ImportError:
        return
    for sim in sims:
        module = sys.modules.get(type(sim).__module__)
        if module is not None and not type(sim).__module__.startswith("pnp."):
            cloudpickle.register_pickle_by_value(module)
