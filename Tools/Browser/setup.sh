# Sourced by the end-to-end tests that drive a browser: puts the toolchain on PATH when it is
# installed at /opt/swift, and installs Debian's chromium when it is absent.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH=/opt/swift/usr/bin:$PATH
fi

if ! command -v chromium >/dev/null 2>&1; then
    echo "==> installing chromium"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
