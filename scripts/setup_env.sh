#!/usr/bin/env bash
# Set up privtext's environment on this machine, reusing caches outside the clone.
#
#  - venv:  $PRIVTEXT_CACHE/venv-<hash of requirements/lock.txt + nodeps.txt>, built once,
#           then reused;
#  - jars:  $PRIVTEXT_CACHE/jars (Delta Lake, pinned, fetched from Maven Central with mvn,
#           falling back to curl), checked against Maven Central's SHA-1 files;
#  - .venv: a light venv inside the clone whose site-packages links to the cached one and to
#           this clone's source tree, with .venv/bin/privtext and .venv/bin/spark-submit.
# Idempotent; safe to run before every command. PRIVTEXT_CACHE defaults to ~/.cache/privtext.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cache="${PRIVTEXT_CACHE:-$HOME/.cache/privtext}"
py="${PYTHON:-$(command -v python3.11 || command -v python3)}"
"$py" -c 'import sys; assert sys.version_info[:2] == (3, 11), sys.version' \
  || { echo "privtext needs Python 3.11 (got $("$py" --version))" >&2; exit 1; }
mkdir -p "$cache"

hash="$(cat "$root/requirements/lock.txt" "$root/requirements/nodeps.txt" | sha256sum | cut -c1-16)"
venv="$cache/venv-$hash"
if [ ! -f "$venv/.complete" ]; then
  echo "setup: building the Python environment in $venv (once per lock file)"
  rm -rf "$venv"
  "$py" -m venv "$venv"
  "$venv/bin/pip" install --quiet --upgrade "pip<26"
  "$venv/bin/pip" install --quiet -r "$root/requirements/lock.txt"
  "$venv/bin/pip" install --quiet --no-deps -r "$root/requirements/nodeps.txt"
  touch "$venv/.complete"
fi

# The audit extra (torch, large): its own cached layer beside the venv, installed only when
# PRIVTEXT_AUDIT=1 (make test and make audit set it), keyed by a hash of requirements/audit.txt.
# A layer already built is linked even when not asked for.
ahash="$(cat "$root/requirements/lock.txt" "$root/requirements/audit.txt" | sha256sum | cut -c1-16)"
alayer="$cache/audit-$ahash"
if [ "${PRIVTEXT_AUDIT:-0}" = 1 ]; then
  if [ ! -f "$alayer/.complete" ]; then
    echo "setup: installing the audit extra (torch) in $alayer (once per requirements/audit.txt)"
    rm -rf "$alayer"
    "$venv/bin/pip" install --quiet --target "$alayer" -r "$root/requirements/audit.txt"
    touch "$alayer/.complete"
  fi
fi

# Delta Lake jars (must match pipelines/session.py DELTA_JARS).
jars="$cache/jars"
mkdir -p "$jars"
fetch_jar() {  # group artifact version
  local g="$1" a="$2" v="$3" f="$jars/$2-$3.jar"
  [ -s "$f" ] && return 0
  echo "setup: fetching $g:$a:$v"
  mvn -q dependency:copy -Dartifact="$g:$a:$v" -DoutputDirectory="$jars" >/dev/null 2>&1 \
    || curl -fsSL -o "$f.part" "https://repo1.maven.org/maven2/${g//.//}/$a/$v/$a-$v.jar"
  [ -f "$f.part" ] && mv "$f.part" "$f"
  local want got
  want="$(curl -fsSL "https://repo1.maven.org/maven2/${g//.//}/$a/$v/$a-$v.jar.sha1" | cut -c1-40)"
  got="$(sha1sum "$f" | cut -c1-40)"
  if [ "$want" != "$got" ]; then echo "setup: checksum mismatch for $f" >&2; rm -f "$f"; exit 1; fi
}
fetch_jar io.delta delta-spark_4.2_2.13 4.4.0
fetch_jar io.delta delta-storage 4.4.0

# The clone's light .venv.
dotvenv="$root/.venv"
site_rel="lib/python3.11/site-packages"
if [ -L "$dotvenv" ] || { [ -d "$dotvenv" ] && [ "$(cat "$dotvenv/.privtext-hash" 2>/dev/null)" != "$hash" ]; }; then
  rm -rf "$dotvenv"
fi
if [ ! -x "$dotvenv/bin/python" ]; then
  "$py" -m venv --without-pip "$dotvenv"
fi
cat > "$dotvenv/$site_rel/privtext-env.pth" <<PTH
import site; site.addsitedir('$venv/$site_rel')
$root
PTH
if [ -f "$alayer/.complete" ]; then
  echo "import site; site.addsitedir('$alayer')" >> "$dotvenv/$site_rel/privtext-env.pth"
fi
cat > "$dotvenv/bin/privtext" <<SH
#!/usr/bin/env bash
export PRIVTEXT_JARS_DIR="\${PRIVTEXT_JARS_DIR:-$jars}"
exec "$dotvenv/bin/python" -m jobs.cli "\$@"
SH
cat > "$dotvenv/bin/spark-submit" <<SH
#!/usr/bin/env bash
# spark-submit with privtext's Python and the Delta jars.
export PYSPARK_PYTHON="\${PYSPARK_PYTHON:-$dotvenv/bin/python}"
export PYSPARK_DRIVER_PYTHON="\${PYSPARK_DRIVER_PYTHON:-$dotvenv/bin/python}"
export PRIVTEXT_JARS_DIR="\${PRIVTEXT_JARS_DIR:-$jars}"
exec "$venv/bin/spark-submit" --jars "$jars/delta-spark_4.2_2.13-4.4.0.jar,$jars/delta-storage-4.4.0.jar" "\$@"
SH
chmod +x "$dotvenv/bin/privtext" "$dotvenv/bin/spark-submit"
echo "$hash" > "$dotvenv/.privtext-hash"
echo "setup: ready (.venv -> $venv, jars in $jars)"
