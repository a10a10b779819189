#!/bin/sh
# Installs what Stepscope needs to build and test on Debian 12.
# Runs apt-get as root, or through sudo for a normal user.
set -eu

packages="
  gcc meson ninja-build pkg-config
  libglib2.0-dev libglib2.0-bin libgtk-4-dev libadwaita-1-dev libjson-glib-dev
  libprotobuf-c-dev protobuf-c-compiler zlib1g-dev libzstd-dev
  gettext desktop-file-utils appstream shared-mime-info libgtk-4-bin
  xvfb xauth
"

if [ "$(id -u)" -eq 0 ]; then
  run=""
else
  run="sudo"
fi

export DEBIAN_FRONTEND=noninteractive
$run apt-get update -qq
# shellcheck disable=SC2086
$run apt-get install -y -qq --no-install-recommends $packages
