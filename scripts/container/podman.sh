# Sourced by the container scripts: podman with the settings these machines need
# (runc with cgroupfs, no default ulimits, the host's network). See docs in README "Container".
CONTAINER_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$CONTAINER_DIR/containers.conf}"
# podman 4.3 reports on every run, stop and rm that it cannot reach systemd to time healthchecks:
# expected here (the container test runs the HEALTHCHECK itself), so that line is dropped.
pod() { podman --runtime runc --cgroup-manager=cgroupfs "$@" 2> >(grep -v 'unable to get systemd connection' >&2); }
# The image the Dockerfile's first FROM names, as podman spells it (node:24-slim → docker.io/library/node:24-slim).
base_image_name() {
  local from
  from="$(awk 'toupper($1) == "FROM" { print $2; exit }' "$CONTAINER_DIR/../../Dockerfile")"
  case "$from" in
    */*/*) echo "$from" ;;
    */*) echo "docker.io/$from" ;;
    *) echo "docker.io/library/$from" ;;
  esac
}
