#!/bin/sh
# Downloads Debian 13 (trixie)'s puppet-module-* packages, pinned by
# tests/forge/trixie-modules.lock, and unpacks them into a modulepath
# directory: DIR/<module>/ (default DIR: target/trixie-modules). These are
# current releases of the Forge modules (stdlib 9.4, apache 12.2, mysql 15,
# postgresql 10.5, apt 9.4, firewall 8.1, haproxy 8.2, OpenStack 2024.1 ...)
# packaged by Debian, which CI can reach; the Forge and GitHub it cannot.
# Nothing is installed on the system: the .debs are only unpacked.
# A package whose checksum differs from the lock fails the script (re-pin
# and re-bless the goldens when trixie updates one).
set -eu
cd "$(dirname "$0")/../.."
DIR=${1:-target/trixie-modules}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
LOCK=tests/forge/trixie-modules.lock
[ -f "$DIR/.complete" ] && cmp -s "$DIR/.complete" "$LOCK" && exit 0
rm -rf "$DIR.tmp" && mkdir -p "$DIR.tmp/debs" "$DIR.tmp/root" "$DIR.tmp/modules"
grep -v '^#' "$LOCK" | while read -r pkg ver path sum; do
    deb="$DIR.tmp/debs/$(basename "$path")"
    curl -fsS --retry 3 -o "$deb" "$MIRROR/$path" || { echo "trixie-modules: cannot download $pkg $ver" >&2; exit 1; }
    echo "$sum  $deb" | sha256sum -c --quiet - || { echo "trixie-modules: $pkg $ver: checksum differs from $LOCK" >&2; exit 1; }
    dpkg-deb -x "$deb" "$DIR.tmp/root"
    dpkg-deb -e "$deb" "$DIR.tmp/ctl"
    # The postinst links usr/share/puppet/modules.available/<dir> to the
    # module's name, usr/share/puppet/modules/<name>, with alternatives.
    # (camptocamp-augeas has no postinst: it only ships augeas_core's files.)
    # (Some calls span lines; camptocamp-augeas has no postinst: it only
    # ships augeas_core's files.)
    [ ! -f "$DIR.tmp/ctl/postinst" ] || sed -e ':a' -e '/\\$/{N;s/\\\n//;ba' -e '}' "$DIR.tmp/ctl/postinst" |
        awk '{ for (i = 1; i < NF; i++) if ($i == "--install") {
                 link = $(i + 1); path = $(i + 3)
                 if (link ~ "^/usr/share/puppet/modules/" && path ~ "^/usr/share/puppet/modules.available/") {
                     sub(".*/", "", link); sub(".*/", "", path); print link, path } } }' >> "$DIR.tmp/links"
    rm -rf "$DIR.tmp/ctl"
done
# Two packages provide `archive` and two `kmod`, at the same alternatives
# priority; the current releases win.
PREFER="voxpupuli-archive voxpupuli-kmod"
sort "$DIR.tmp/links" | while read -r name dir; do
    if [ -e "$DIR.tmp/modules/$name" ]; then
        case " $PREFER " in *" $dir "*) rm -rf "$DIR.tmp/modules/$name" ;; *) continue ;; esac
    fi
    mv "$DIR.tmp/root/usr/share/puppet/modules.available/$dir" "$DIR.tmp/modules/$name"
done
rm -rf "$DIR"
mv "$DIR.tmp/modules" "$DIR"
rm -rf "$DIR.tmp"
cp "$LOCK" "$DIR/.complete"
echo "trixie-modules: $(ls "$DIR" | wc -l) modules in $DIR"
