#!/usr/bin/env python3
"""Runs the v2 model alone (build-rtlv1-modelv2/rinv_sim) and the v1 model (build/rinv_sim) on
the same plusargs and compares probes, probe_lines, hist_entries, inv_hits (equal for the
deterministic workloads: v2 changes timing only); every v2 run must exit 0 with no stale read
and no error. From the repository root:
  python3 tests/cmodel/v2/compare_v1.py basic     # 3 workloads x 3 modes x 3 walks x 2 configs
  python3 tests/cmodel/v2/compare_v1.py stall     # the same with +stall=25 +seed=3,5,11
  python3 tests/cmodel/v2/compare_v1.py +plusarg ...
"""
import json, subprocess, sys, itertools
V2 = 'build-rtlv1-modelv2/rinv_sim'
V1 = 'build/rinv_sim'
KEYS = ['probes', 'probe_lines', 'hist_entries', 'inv_hits']
def run(b, args):
    p = subprocess.run([b] + args + ['+quiet'], capture_output=True, text=True, timeout=900)
    res = None
    for l in p.stdout.splitlines():
        if l.startswith('RESULT '):
            res = json.loads(l[7:])
    return p.returncode, res, p.stdout[-2000:] + p.stderr[-2000:]
def check(args, cmpv1=True):
    rc, r, out = run(V2, args)
    bad = []
    if rc != 0 or r is None: bad.append(f'rc={rc}')
    elif r['stale_reads'] or r['errors']: bad.append(f"stale={r['stale_reads']} errors={r['errors']}")
    if cmpv1 and r is not None:
        rc1, r1, _ = run(V1, args)
        if r1 is None: bad.append('v1 no result')
        else:
            for k in KEYS:
                if r[k] != r1[k]: bad.append(f'{k}: v2 {r[k]} v1 {r1[k]}')
    print(('OK  ' if not bad else 'FAIL') + ' ' + ' '.join(args) + ('' if not bad else '  ' + '; '.join(bad)) + (f"  inv_cycles={r['inv_cycles']}" if r else ''), flush=True)
    if bad and rc != 0: print(out)
    return not bad
if __name__ == '__main__':
    ok = True
    sets = sys.argv[1] if len(sys.argv) > 1 else 'basic'
    cfgs = ['gem5', 'fpga']
    if sets == 'basic':
        for cfg, (w, n), m, wk in itertools.product(cfgs, [('square', 2000), ('matrixtranspose', 64), ('2dshfl', 20)], ['line', 'run', 'merge'], ['addr', 'set', 'auto']):
            ok &= check([f'+config={cfg}', f'+workload={w}', f'+n={n}', f'+mode={m}', f'+walk={wk}'])
    elif sets == 'stall':
        for cfg, (w, n), m, wk, seed in itertools.product(cfgs, [('square', 2000), ('matrixtranspose', 64), ('2dshfl', 20)], ['line', 'run', 'merge'], ['addr', 'set', 'auto'], [3, 5, 11]):
            ok &= check([f'+config={cfg}', f'+workload={w}', f'+n={n}', f'+mode={m}', f'+walk={wk}', '+stall=25', f'+seed={seed}'])
    else:
        ok &= check(sys.argv[1:])
    print('ALL OK' if ok else 'SOME FAILED')
