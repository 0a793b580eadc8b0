# Shared by the benchmark scripts (source it after `cd` to the repository's root):
#   build_modallab NAME       sets BIN to a release `modallab` (unless BIN is set), the build's
#                             output in $TMPDIR/NAME-build.log, shown if it fails
#   build_http_bins NAME      sets BIN_DIR to a release build's folder holding `modallab` and
#                             `http-testserver` (unless BIN_DIR is set: say, another build of the
#                             code before a change), the build's output in $TMPDIR/NAME-build.log
#   make_served_root DIR      DIR/root: the product's resources (Templates and Schema linked,
#                             Public copied, readable by nginx's `nobody` workers) with a 1 KiB
#                             file added, Public/file1k.txt; both servers serve that folder
#   path_of TARGET            the URL path of a target: real ($REAL_FILE of Public/), 1k, healthz
#   write_nginx_conf DIR N PORT  DIR/nginx/nginx.conf: nginx as it is usually tuned for static
#                             files (sendfile, open-file cache, no access log, long keep-alive),
#                             N worker processes, on 127.0.0.1:PORT, serving DIR/root/Public at
#                             /public/ and answering /healthz as `modallab serve` does

build_modallab() {
    [[ -n "${BIN:-}" ]] && return
    local log="${TMPDIR:-/tmp}/$1-build.log"
    swift build -c release --product modallab >"$log" 2>&1 || {
        cat "$log" >&2
        exit 1
    }
    BIN="$(swift build -c release --show-bin-path)/modallab"
}

build_http_bins() {
    [[ -n "${BIN_DIR:-}" ]] && return
    local log="${TMPDIR:-/tmp}/$1-build.log"
    { swift build -c release --product http-testserver && swift build -c release --product modallab; } >"$log" 2>&1 ||
        {
            cat "$log" >&2
            exit 1
        }
    BIN_DIR="$(swift build -c release --show-bin-path)"
}

make_served_root() {
    local repo
    repo=$(pwd)
    # nginx's workers run as `nobody` when it is started as root: they must reach the files (else
    # every answer is a 403, which a benchmark once measured as if it were the file).
    chmod 755 "$1"
    mkdir -p "$1/root"
    ln -s "$repo/Templates" "$1/root/Templates"
    ln -s "$repo/Schema" "$1/root/Schema"
    cp -r "$repo/Public" "$1/root/Public"
    chmod -R a+rX "$1/root/Public"
    head -c 1024 /dev/zero | tr '\0' 'x' >"$1/root/Public/file1k.txt"
    [[ -f "$1/root/Public/${REAL_FILE:-comments.js}" ]] || {
        echo "no Public/${REAL_FILE:-comments.js} (REAL_FILE=…)" >&2
        exit 1
    }
}

path_of() {
    case $1 in
    real) echo "/public/${REAL_FILE:-comments.js}" ;;
    1k) echo /public/file1k.txt ;;
    healthz) echo /healthz ;;
    esac
}

write_nginx_conf() {
    mkdir -p "$1/nginx"
    cat >"$1/nginx/nginx.conf" <<CONF
worker_processes $2;
pid $1/nginx.pid;
error_log $1/nginx/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    open_file_cache max=1000 inactive=60s;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    client_body_temp_path $1/nginx;
    proxy_temp_path $1/nginx;
    fastcgi_temp_path $1/nginx;
    uwsgi_temp_path $1/nginx;
    scgi_temp_path $1/nginx;
    types { text/plain txt; text/javascript js; text/css css; }
    server {
        listen 127.0.0.1:$3;
        location /public/ { alias $1/root/Public/; }
        location = /healthz { default_type "application/json; charset=utf-8"; return 200 '{"status":"ok"}'; }
    }
}
CONF
}
