#!/usr/bin/env bash
# Builds the product image from the Dockerfile with podman (docker format, so HEALTHCHECK is kept),
# on the stand-in base image (build-base.sh). Usage: build-image.sh [TAG] (default devperspective:test).
set -euo pipefail
source "$(dirname "$0")/podman.sh"
TAG="${1:-devperspective:test}"
bash "$CONTAINER_DIR/build-base.sh"
cd "$CONTAINER_DIR/../.."
pod build --format docker --network host --layers -t "$TAG" -f Dockerfile .
