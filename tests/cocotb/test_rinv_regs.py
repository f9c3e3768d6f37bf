"""cocotb tests of rinv_top's register port (docs/REGISTERS.md), through rinv_axil_wrap (cache
ports idle) and cocotbext-axi's AxiLiteMaster: the register map and its reset values, the lock
protocol, every class of bad access (SLVERR, ERR_COUNT + 1, nothing else changed), and the
driver's full release sequence (sw/rinv_drv.c) in every mode. Addresses, fields and reset values
come from rinv_regs.py (generated from regs/rinv.rdl, through rinv_map.py), never from this file.

With the cache ports tied idle no line is ever written, so a release has an empty history: the
transfer and the invalidation run (hist_go/hist_done, inv_done, RELEASES, INV_CYCLES) but send no
probe. Classes that need a non-empty history (MODE while a history holds lines) or an access
during the 1-cycle empty invalidation (INV_START while inv_busy) cannot be reached from here;
the lockstep and directed tests cover them (docs/VERIFICATION.md)."""
import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge
from cocotbext.axi import AxiLiteBus, AxiLiteMaster, AxiResp

from rinv_map import Map

M = Map()
CPU, GPU = 0, 1
ID = {CPU: 1, GPU: 2}            # register values name a side by id = side + 1
OKAY, SLVERR = AxiResp.OKAY, AxiResp.SLVERR
# every readable register: the directory's, then each cache controller window's
READABLE = [(name, M.dir(name)) for name in M.dir_regs] + \
           [(f"{('CPU', 'GPU')[s]}_{name}", M.cc(s, name))
            for s in (CPU, GPU) for name in M.cc_regs]
# registers that read as STATUS (W, R = STATUS)
READS_STATUS = ("INV_START", "HIST_RX")
MODES = {"line": 0, "run": 1, "merge": 2}


class Dut:
    """The wrapper, its clock and an AxiLiteMaster; accesses name the requesting side."""

    def __init__(self, dut):
        self.dut = dut
        self.axi = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clk, dut.rst_n,
                                 reset_active_level=False)
        self.axi.write_if.log.setLevel("WARNING")
        self.axi.read_if.log.setLevel("WARNING")

    async def reset(self):
        self.dut.side.value = CPU
        self.dut.rst_n.value = 0
        await ClockCycles(self.dut.clk, 5)
        self.dut.rst_n.value = 1
        await ClockCycles(self.dut.clk, 2)

    async def write(self, side, addr, value, nbytes=4):
        self.dut.side.value = side
        r = await self.axi.write(addr, value.to_bytes(nbytes, "little"))
        return r.resp

    async def read(self, side, addr, nbytes=4):
        self.dut.side.value = side
        r = await self.axi.read(addr, nbytes)
        return int.from_bytes(r.data, "little"), r.resp

    async def reg(self, addr, side=CPU):
        """A legal read: the value (an error response fails the test)."""
        v, resp = await self.read(side, addr)
        assert resp == OKAY, f"read 0x{addr:08x}: {resp.name}, expected OKAY"
        return v

    async def ok(self, side, addr, value):
        resp = await self.write(side, addr, value)
        assert resp == OKAY, f"write 0x{addr:08x} = {value} by side {side}: {resp.name}"

    async def status(self, fld):
        return M.field("DIR_STATUS", fld, await self.reg(M.dir("STATUS")))

    async def snapshot(self):
        return {name: await self.reg(addr) for name, addr in READABLE}

    async def poll_clear(self, mask, limit=2000):
        for _ in range(limit):
            if (await self.reg(M.dir("STATUS"))) & mask == 0:
                return
        raise AssertionError(f"STATUS & 0x{mask:x} still set after {limit} polls")


async def start(dut):
    cocotb.start_soon(Clock(dut.clk, 10, units="ns").start())
    d = Dut(dut)
    await d.reset()
    return d


def diff(before, after):
    return {k: (before[k], after[k]) for k in before if before[k] != after[k]}


async def expect_reject(d, what, access):
    """ACCESS (a coroutine function returning the response) must answer SLVERR, increment
    ERR_COUNT by one and change no other readable register."""
    before = await d.snapshot()
    resp = await access()
    assert resp == SLVERR, f"{what}: answered {resp.name}, expected SLVERR"
    after = await d.snapshot()
    changed = diff(before, after)
    assert changed == {"ERR_COUNT": (before["ERR_COUNT"], before["ERR_COUNT"] + 1)}, \
        f"{what}: expected only ERR_COUNT + 1, changed: {changed}"
    d.dut._log.info("rejected as required: %s", what)


async def expect_reject_while_busy(d, what, prefix, access, busy_mask):
    """As expect_reject, for an access made while a transfer is busy (STATUS changes by itself
    then): run PREFIX, ACCESS, then wait until idle, and compare with a second run from reset
    of PREFIX alone: the two must differ in ERR_COUNT (+1) only. STATUS & BUSY_MASK must still
    be set after ACCESS, so the access did meet the busy state."""
    await d.reset()
    await prefix()
    resp = await access()
    still = (await d.reg(M.dir("STATUS"))) & busy_mask
    assert resp == SLVERR, f"{what}: answered {resp.name}, expected SLVERR"
    assert still, f"{what}: the busy state (STATUS & 0x{busy_mask:x}) ended before the access"
    await d.poll_clear(busy_mask)
    with_bad = await d.snapshot()
    await d.reset()
    await prefix()
    await d.poll_clear(busy_mask)
    reference = await d.snapshot()
    changed = diff(reference, with_bad)
    assert changed == {"ERR_COUNT": (reference["ERR_COUNT"], reference["ERR_COUNT"] + 1)}, \
        f"{what}: expected only ERR_COUNT + 1 against the run without it, changed: {changed}"
    d.dut._log.info("rejected as required (while busy): %s", what)


async def acquire(d, side):
    """The driver's acquire (rinv_acquire): write LOCK = id until it reads back, HIST_EN = 1."""
    for _ in range(100):
        await d.ok(side, M.dir("LOCK"), ID[side])
        if await d.reg(M.dir("LOCK"), side) == ID[side]:
            break
    else:
        raise AssertionError(f"side {side} never acquired the lock")
    await d.ok(side, M.cc(side, "HIST_EN"), 1)


def start_transfer(d, side):
    async def run():
        await acquire(d, side)
        await d.ok(side, M.cc(side, "HIST_EN"), 0)
        await d.ok(side, M.dir("HIST_RX"), ID[side])
    return run


# STATUS hist_busy: one bit per side, CPU first
HIST_BUSY = {s: 1 << (M.d["DIR_STATUS_HIST_BUSY_SHIFT"] + s) for s in (CPU, GPU)}


# ---- the register map ---------------------------------------------------------------------
@cocotb.test()
async def reset_values(dut):
    """Every readable register, read by either side, holds its reset value (REGISTERS.md);
    INV_START and HIST_RX read as STATUS."""
    d = await start(dut)
    # the header parsed whole: LOCK MODE STATUS ERR_COUNT INV_START HIST_RX + the counters
    assert len(M.dir_regs) == 6 + M.d["DIR_CNT_COUNT"] and len(M.cc_regs) == 3, READABLE
    for side in (CPU, GPU):
        for name, addr in READABLE:
            v = await d.reg(addr, side)
            key = name if name in READS_STATUS else name.replace("CPU_", "").replace("GPU_", "")
            if name in READS_STATUS:
                exp = M.reset("DIR_STATUS")
            else:
                exp = M.reset(f"DIR_{key}") if f"DIR_{key}_RESET" in M.d else \
                      M.reset(f"CC_{key}") if f"CC_{key}_RESET" in M.d else 0
            assert v == exp, f"{name} (0x{addr:08x}) read by side {side}: 0x{v:x}, " \
                             f"reset value 0x{exp:x}"
    assert await d.reg(M.dir("MODE")) == M.reset("DIR_MODE")


@cocotb.test()
async def side_ids(dut):
    """Values that name a side use id = side + 1: LOCK, STATUS.owner, STATUS.last_id."""
    d = await start(dut)
    for side in (CPU, GPU):
        await d.reset()
        await d.ok(side, M.dir("LOCK"), ID[side])
        assert await d.reg(M.dir("LOCK")) == ID[side]
        assert await d.status("OWNER") == ID[side]
        assert await d.reg(M.dir("INV_START")) == await d.reg(M.dir("STATUS"))


# ---- the lock protocol --------------------------------------------------------------------
@cocotb.test()
async def lock_protocol(dut):
    """Acquire when free; a held lock is not taken (OKAY, no error: test-and-set); only the
    owner releases; after a release the other side acquires."""
    d = await start(dut)
    lock = M.dir("LOCK")
    for owner, other in ((CPU, GPU), (GPU, CPU)):
        await d.reset()
        await d.ok(owner, lock, ID[owner])
        assert await d.reg(lock, other) == ID[owner]
        assert await d.status("OWNER") == ID[owner]
        # the other side tries to acquire: OKAY, nothing changes, not an error
        await d.ok(other, lock, ID[other])
        assert await d.reg(lock) == ID[owner], "a held lock changed hands"
        assert await d.reg(M.dir("ERR_COUNT")) == 0, "a failed acquire counted as an error"
        # the owner acquiring again keeps it
        await d.ok(owner, lock, ID[owner])
        assert await d.reg(lock) == ID[owner]
        # only the owner releases
        assert await d.write(other, lock, 0) == SLVERR
        assert await d.reg(lock) == ID[owner]
        assert await d.reg(M.dir("ERR_COUNT")) == 1
        await d.ok(owner, lock, 0)
        assert await d.reg(lock) == 0 and await d.status("OWNER") == 0
        await d.ok(other, lock, ID[other])
        assert await d.reg(lock) == ID[other]
        await d.ok(other, lock, 0)
        assert await d.reg(lock) == 0
        assert await d.reg(M.dir("ERR_COUNT")) == 1


# ---- bad accesses (REGISTERS.md "Bad accesses"), one test per class ------------------------
@cocotb.test()
async def bad_unmapped(dut):
    d = await start(dut)
    top = M.cc_base[GPU] + M.cc_window
    holes = [("read a directory window hole", M.dir_base + 0x7000, "r"),
             ("write a directory window hole", M.dir_base + 0x7000, "w"),
             ("read past the last register of the CPU window",
              M.cc_base[CPU] + max(M.cc_regs.values()) + 4, "r"),
             ("write past the last register of the GPU window",
              M.cc_base[GPU] + max(M.cc_regs.values()) + 4, "w"),
             ("read the first address after the windows", top, "r"),
             ("write the first address after the windows", top, "w"),
             ("read outside MMIO (address 0)", 0, "r")]
    for what, addr, rw in holes:
        if rw == "r":
            async def access(a=addr):
                return (await d.read(CPU, a))[1]
        else:
            async def access(a=addr):
                return await d.write(CPU, a, 1)
        await expect_reject(d, f"{what}: 0x{addr:08x}", access)


@cocotb.test()
async def bad_misaligned(dut):
    d = await start(dut)
    for reg in ("LOCK", "STATUS", "ERR_COUNT"):
        async def access(a=M.dir(reg) + 2):
            return (await d.read(CPU, a, 2))[1]
        await expect_reject(d, f"read {reg} + 2", access)

    async def access_w():
        return await d.write(CPU, M.dir("LOCK") + 2, 1, nbytes=2)
    await expect_reject(d, "write LOCK + 2", access_w)
    assert await d.reg(M.dir("LOCK")) == 0


@cocotb.test()
async def bad_partial_strobe(dut):
    d = await start(dut)
    for nbytes in (1, 2, 3):
        async def access(n=nbytes):
            return await d.write(CPU, M.dir("LOCK"), ID[CPU], nbytes=n)
        await expect_reject(d, f"LOCK = 1 with {nbytes} byte strobe(s)", access)

    async def access_cc():
        return await d.write(CPU, M.cc(CPU, "HIST_EN"), 1, nbytes=1)
    await expect_reject(d, "HIST_EN = 1 with 1 byte strobe", access_cc)


@cocotb.test()
async def bad_read_only(dut):
    d = await start(dut)
    ro = ["STATUS", "ERR_COUNT"] + [n for n in M.dir_regs if M.dir(n) >= M.d["DIR_BASE"] +
                                    M.d["DIR_CNT_OFFSET"] and n not in READS_STATUS
                                    and n not in ("LOCK", "MODE", "STATUS", "ERR_COUNT")]
    assert len(ro) == 2 + M.d["DIR_CNT_COUNT"], ro
    for reg in ro:
        async def access(a=M.dir(reg)):
            return await d.write(CPU, a, 1)
        await expect_reject(d, f"write {reg}", access)
    for side in (CPU, GPU):
        for reg in ("REC_COUNT", "TAG_LOOKUPS"):
            async def access(a=M.cc(side, reg), s=side):
                return await d.write(s, a, 0)
            await expect_reject(d, f"write {('CPU', 'GPU')[side]} {reg}", access)


@cocotb.test()
async def bad_value(dut):
    d = await start(dut)
    mode = M.dir("MODE")
    cases = [("LOCK = 3", CPU, M.dir("LOCK"), 3),
             ("LOCK = 4", CPU, M.dir("LOCK"), 4),
             ("MODE = 0x3 (mode 3)", CPU, mode, 0x3),
             ("MODE walk 3", CPU, mode, 0xC | MODES["run"]),
             ("MODE bits above the fields", CPU, mode, 0x10 | MODES["run"]),
             ("HIST_EN = 2", CPU, M.cc(CPU, "HIST_EN"), 2),
             ("GPU HIST_EN = 2", GPU, M.cc(GPU, "HIST_EN"), 2)]
    for what, side, addr, val in cases:
        async def access(s=side, a=addr, v=val):
            return await d.write(s, a, v)
        await expect_reject(d, what, access)
    # the same values while the writer owns the lock
    await acquire(d, CPU)
    await expect_reject(d, "INV_START = 3 by the owner",
                        lambda: d.write(CPU, M.dir("INV_START"), 3))
    await expect_reject(d, "HIST_RX = 0 by the owner", lambda: d.write(CPU, M.dir("HIST_RX"), 0))


@cocotb.test()
async def bad_side_id(dut):
    d = await start(dut)
    await expect_reject(d, "GPU writes LOCK = 1", lambda: d.write(GPU, M.dir("LOCK"), ID[CPU]))
    await expect_reject(d, "CPU writes LOCK = 2", lambda: d.write(CPU, M.dir("LOCK"), ID[GPU]))
    await acquire(d, CPU)
    await expect_reject(d, "CPU (owner) writes INV_START = 2",
                        lambda: d.write(CPU, M.dir("INV_START"), ID[GPU]))
    await expect_reject(d, "CPU (owner) writes HIST_RX = 2",
                        lambda: d.write(CPU, M.dir("HIST_RX"), ID[GPU]))


@cocotb.test()
async def bad_release(dut):
    d = await start(dut)
    await acquire(d, CPU)
    await expect_reject(d, "GPU writes LOCK = 0 while the CPU owns it",
                        lambda: d.write(GPU, M.dir("LOCK"), 0))
    for side in (CPU, GPU):
        await expect_reject_while_busy(
            d, f"{('CPU', 'GPU')[side]} (owner) writes LOCK = 0 while its history transfer "
               "is busy", start_transfer(d, side),
            lambda s=side: d.write(s, M.dir("LOCK"), 0), HIST_BUSY[side])


@cocotb.test()
async def bad_inv_start_hist_rx(dut):
    d = await start(dut)
    for reg in ("INV_START", "HIST_RX"):
        for side in (CPU, GPU):
            other = 1 - side
            await d.reset()
            await expect_reject(d, f"{reg} = {ID[side]} while nobody owns the lock",
                                lambda r=reg, s=side: d.write(s, M.dir(r), ID[s]))
            await acquire(d, other)
            await expect_reject(d, f"{reg} = {ID[side]} while the other side owns the lock",
                                lambda r=reg, s=side: d.write(s, M.dir(r), ID[s]))
    for reg in ("INV_START", "HIST_RX"):
        for side in (CPU, GPU):
            await expect_reject_while_busy(
                d, f"{reg} = {ID[side]} while the requester's transfer is busy",
                start_transfer(d, side), lambda r=reg, s=side: d.write(s, M.dir(r), ID[s]),
                HIST_BUSY[side])


@cocotb.test()
async def bad_hist_en_other_side(dut):
    d = await start(dut)
    for side in (CPU, GPU):
        other = 1 - side
        for val in (1, 0):
            await expect_reject(d, f"{('CPU', 'GPU')[other]} writes {('CPU', 'GPU')[side]} "
                                   f"HIST_EN = {val}",
                                lambda s=side, o=other, v=val: d.write(o, M.cc(s, "HIST_EN"), v))
        await acquire(d, side)
        await expect_reject(d, f"{('CPU', 'GPU')[other]} writes HIST_EN = 0 of the recording "
                               f"{('CPU', 'GPU')[side]}",
                            lambda s=side, o=other: d.write(o, M.cc(s, "HIST_EN"), 0))
        assert await d.reg(M.cc(side, "HIST_EN")) == 1
        await d.reset()


@cocotb.test()
async def bad_mode_while_busy(dut):
    d = await start(dut)
    for side in (CPU, GPU):
        await expect_reject_while_busy(
            d, f"MODE = merge while the {('CPU', 'GPU')[side]} history transfer is busy",
            start_transfer(d, side),
            lambda s=side: d.write(s, M.dir("MODE"), MODES["merge"]), HIST_BUSY[side])


# ---- a full release ---------------------------------------------------------------------
async def count_pulses(dut, sig, n_bits, counts):
    while True:
        await RisingEdge(dut.clk)
        v = sig.value
        if v.is_resolvable:
            for b in range(n_bits):
                if (int(v) >> b) & 1:
                    counts[b] += 1


@cocotb.test()
async def full_release(dut):
    """The driver's sequences (sw/rinv_drv.c): acquire, then release = HIST_EN 0, HIST_RX,
    poll hist_busy, INV_START, poll inv_busy, LOCK 0; by each side in every mode. Checks the
    status bits and counters of REGISTERS.md, and the directory's hist_go / hist_done pulses
    and probe channel at the tied ports (an empty history: no probe)."""
    d = await start(dut)
    go, done, probes = [0, 0], [0, 0], [0, 0]
    cocotb.start_soon(count_pulses(dut, dut.hist_go, 2, go))
    cocotb.start_soon(count_pulses(dut, dut.hist_done, 2, done))
    cocotb.start_soon(count_pulses(dut, dut.probe_valid, 2, probes))
    for mode, mval in MODES.items():
        await d.reset()
        go[:], done[:], probes[:] = [0, 0], [0, 0], [0, 0]
        await d.ok(CPU, M.dir("MODE"), mval)
        assert M.field("DIR_MODE", "MODE", await d.reg(M.dir("MODE"))) == mval
        cycles = 0
        for n, side in enumerate((CPU, GPU, CPU), 1):
            await acquire(d, side)
            assert await d.reg(M.cc(side, "HIST_EN")) == 1
            assert await d.status("OWNER") == ID[side]
            await d.ok(side, M.cc(side, "HIST_EN"), 0)
            await d.ok(side, M.dir("HIST_RX"), ID[side])
            await d.poll_clear(HIST_BUSY[side])
            await d.ok(side, M.dir("INV_START"), ID[side])
            await d.poll_clear(M.d["DIR_STATUS_INV_BUSY_MASK"])
            assert await d.status("INV_DONE") == 1, f"{mode}: inv_done not set after a release"
            assert await d.status("LAST_ID") == ID[side]
            assert await d.reg(M.dir("RELEASES")) == n
            last = await d.reg(M.dir("INV_CYCLES_LAST"))
            cycles += last
            assert last >= 1, f"{mode}: INV_CYCLES_LAST = {last} after a release"
            assert await d.reg(M.dir("INV_CYCLES")) == cycles
            await d.ok(side, M.dir("LOCK"), 0)
            st = await d.reg(M.dir("STATUS"))
            assert st == 0 | (ID[side] << M.d["DIR_STATUS_LAST_ID_SHIFT"]), \
                f"{mode}: STATUS after the lock release: 0x{st:x} (inv_done clears, owner 0)"
        for name in ("PROBES", "PROBE_LINES", "INV_HITS", "OVER_INV", "HIST_ENTRIES",
                     "HIST_OVERFLOWS", "HIST_COUNT_CPU", "HIST_COUNT_GPU", "ERR_COUNT"):
            assert await d.reg(M.dir(name)) == 0, f"{mode}: {name} != 0 (empty histories)"
        for side in (CPU, GPU):
            for name in ("REC_COUNT", "TAG_LOOKUPS", "HIST_EN"):
                assert await d.reg(M.cc(side, name)) == 0, f"{mode}: side {side} {name} != 0"
        assert go == [2, 1] and done == [2, 1], f"{mode}: hist_go {go}, hist_done {done}"
        assert probes == [0, 0], f"{mode}: probe_valid cycles {probes} with empty histories"
        dut._log.info("%s: 3 releases, INV_CYCLES %d", mode, cycles)
