#!/usr/bin/env bash
# sim/sens.py fails loudly (test sens_fails_on_bad_run): behind a wrapper of the real model
# whose run at +p.tcp_mshrs=8 +waves_per_cu=4 reports a stale read, whose run at
# +p.tcp_mshrs=2 +waves_per_cu=16 exits 3 and whose run at +p.tcp_mshrs=64 +waves_per_cu=1
# prints no RESULT line, `sens.py --quick` exits 1, names each of the three runs with its
# problem, and writes no CSV. Usage: tests/sens_fails.sh SIM DIR
set -u
[ $# -eq 2 ] || { echo "usage: $0 SIM DIR" >&2; exit 2; }
REAL_SIM=$(realpath "$1"); export REAL_SIM
d=$2
rm -rf "$d"; mkdir -p "$d"
cat > "$d/sim" <<'EOF'
#!/usr/bin/env bash
out=$("$REAL_SIM" "$@"); rc=$?
case " $* " in
  *" +p.tcp_mshrs=8 +waves_per_cu=4 "*) out=${out/'"stale_reads":0'/'"stale_reads":1'} ;;
  *" +p.tcp_mshrs=2 +waves_per_cu=16 "*) rc=3 ;;
  *" +p.tcp_mshrs=64 +waves_per_cu=1 "*) out="(no result: planted)" ;;
esac
printf '%s\n' "$out"; exit $rc
EOF
chmod +x "$d/sim"
python3 sim/sens.py --quick --sim "$d/sim" --out "$d/out" > "$d/log" 2>&1
rc=$?
grep -E '^(FAILED RUN|sens:)' "$d/log"
bad=0
want() { grep -qE "$1" "$d/log" || { echo "ERROR: no line matching /$1/"; bad=1; }; }
[ $rc -eq 1 ] || { echo "ERROR: sens.py exited $rc, expected 1"; bad=1; }
want '^FAILED RUN: .* \+p\.tcp_mshrs=8 \+waves_per_cu=4 .*: stale_reads = 1$'
want '^FAILED RUN: .* \+p\.tcp_mshrs=2 \+waves_per_cu=16 .*: exit status 3$'
want '^FAILED RUN: .*no RESULT from .* \+p\.tcp_mshrs=64 \+waves_per_cu=1 '
want '^sens: 3 of 21 runs failed; no CSV written$'
[ ! -e "$d/out/sens.csv" ] || { echo "ERROR: $d/out/sens.csv written"; bad=1; }
[ $bad -eq 0 ] && echo "sens.py failed as it should"
exit $bad
