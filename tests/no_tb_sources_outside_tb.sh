#!/usr/bin/env bash
# Test no_tb_sources_outside_tb (tests/cases.sh): nothing outside tb/ and tests/ includes or
# compiles a file of tb/ (common/README.md). Checked:
#   - every #include of the C sources and headers of sw/, cmodel/ and common/: no path into
#     tb/, and no bare name of a tb/ file (the builds have -Itb, so "harness.h" would find it);
#   - the host tool's source lists of the Makefile and its mk/*.mk (HOST_SRCS, HOST_HDRS), as
#     written (continuation lines joined) and as make expands them: no tb/ file.
# Prints each offence; exit status 1 if there is any, 0 otherwise.
set -u
cd "$(dirname "$0")/.."
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# the files of tb/ that C code could name in an #include
tb_names=$(cd tb && ls -- *.c *.h *.svh 2>/dev/null)
[ -n "$tb_names" ] || bad "no C files found in tb/ (run from the repository root?)"

n_inc=0
while IFS= read -r hit; do
  [ -n "$hit" ] || continue
  n_inc=$((n_inc + 1))
  file=${hit%%:*}; rest=${hit#*:}; text=${rest#*:}
  name=$(sed -E 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]([^">]*)[">].*/\1/' <<<"$text")
  base=${name##*/}
  case "/$name" in
    */tb/*) bad "${file}:${rest%%:*}: includes a file of tb/: $text"; continue ;;
  esac
  if grep -qxF -- "$base" <<<"$tb_names"; then
    bad "${file}:${rest%%:*}: includes '$name', the name of tb/$base (move it to common/)"
  fi
done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include' --include='*.c' --include='*.h' \
           sw cmodel common)
[ "$n_inc" -gt 0 ] || bad "no #include found in sw/, cmodel/, common/"

# HOST_SRCS / HOST_HDRS as written (Makefile or the mk/*.mk it includes): each assignment with
# its continuation lines
host_lines=$(sed -n -E '/^[[:space:]]*HOST_(SRCS|HDRS)[[:space:]]*[:+?]?=/{:a;/\\$/{N;ba;};p;}' \
  Makefile mk/*.mk)
[ -n "$host_lines" ] || bad "Makefile, mk/*.mk: no HOST_SRCS / HOST_HDRS assignment found"
while IFS= read -r l; do
  if grep -qE '(^|[[:space:]=/])tb/' <<<"$l"; then bad "mk/*.mk: a host list names tb/: $l"; fi
done <<<"$host_lines"

# ... and as make expands them (a variable such as $(TB_C_SRCS) would hide a tb/ file)
expanded=$(env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s --no-print-directory \
  --eval='print-host-lists: ; @echo HOST_LISTS: $(HOST_SRCS) $(HOST_HDRS)' print-host-lists |
  sed -n 's/^HOST_LISTS: //p')
[ -n "$expanded" ] || bad "make: HOST_SRCS / HOST_HDRS expand to nothing"
for w in $expanded; do
  case "/$w" in
    */tb/*) bad "Makefile: the host tool compiles or depends on a file of tb/: $w" ;;
  esac
done

if [ "$fail" -eq 0 ]; then
  echo "ok: $n_inc #include lines of sw/, cmodel/, common/ and the host lists ($expanded)" \
    "name no file of tb/"
fi
exit "$fail"
