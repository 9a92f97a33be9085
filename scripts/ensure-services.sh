#!/usr/bin/env bash
# Makes sure what the tests talk to is present: the Postgres server, Debian's Chromium and CJK fonts, docker-compose (to validate
# docker-compose.yml). Installs with apt-get only when something is missing and we are root.
set -euo pipefail
say() { printf '\033[1m[vt]\033[0m %s\n' "$*" >&2; }
APT_UPDATED=0
apt_install() {
  if [ "$(id -u)" != 0 ]; then say "missing $*: install it (apt-get install -y $*) and run again"; exit 1; fi
  if [ "$APT_UPDATED" = 0 ]; then apt-get update -qq >&2; APT_UPDATED=1; fi
  say "installing $* ..."
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
}

PGHOST_=${PGHOST_CHECK:-127.0.0.1}
if ! pg_isready -q -h "$PGHOST_" -p 5432 2>/dev/null; then
  if command -v pg_ctlcluster >/dev/null 2>&1; then
    ver=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
    say "starting Postgres $ver ..."
    pg_ctlcluster --skip-systemctl-redirect "$ver" main start >&2 || true
  fi
  for _ in $(seq 1 30); do pg_isready -q -h "$PGHOST_" -p 5432 2>/dev/null && break; sleep 1; done
  pg_isready -q -h "$PGHOST_" -p 5432 || { say "Postgres is not reachable on $PGHOST_:5432"; exit 1; }
fi

[ -x /usr/bin/chromium ] || apt_install chromium
# Korean and Japanese glyphs and emoji, so the browser tests' screenshots show text rather than empty boxes.
[ -n "$(fc-list :lang=ko 2>/dev/null)" ] || apt_install fonts-noto-cjk
[ -n "$(fc-list 'Noto Color Emoji' 2>/dev/null)" ] || apt_install fonts-noto-color-emoji
command -v docker-compose >/dev/null 2>&1 || apt_install docker-compose
exit 0
