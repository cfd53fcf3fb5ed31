#!/usr/bin/env bash
# Builds a release into OUTDIR (default dist/):
#   arshline-sidecar-VERSION.zip                 the WordPress plugin (wp-plugin/bin/build-zip.sh)
#   arshlined_VERSION_{amd64,arm64}.deb          daemon, CLI, units, sysusers/tmpfiles, /etc/arshline
#   arshline-sidecar_VERSION_linux_{amd64,arm64}.tar.gz   the same for hosts without dpkg
#   SHA256SUMS
# Reproducible: every timestamp is SOURCE_DATE_EPOCH (the commit's time
# unless set), every owner root, every mode set here, every archive
# sorted, and the Go builds carry no build id or paths. Two builds of one
# commit give the same bytes (.ci/release-check.sh compares them).
#
# usage: packaging/release.sh [OUTDIR] [VERSION]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${1:-dist}
version=${2:-$(packaging/version.sh)}
case "$version" in
[0-9]*.[0-9]*.[0-9]*) ;;
*) echo "release: version '$version' is not X.Y.Z" >&2; exit 2 ;;
esac
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}
export TZ=UTC LC_ALL=C
umask 022
GO=${GO:-go}
module=github.com/arshline/arshline-sidecar

mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/arshline-sidecar-*.zip "$out"/arshlined_*.deb "$out"/arshline-sidecar_*_linux_*.tar.gz "$out/SHA256SUMS"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# stamp DIR: every file and directory under DIR gets the release time.
stamp() { find "$1" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +; }

echo "release $version (SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH) into $out"

# --- the plugin
if [ ! -x wp-plugin/bin/build-zip.sh ] && [ ! -f wp-plugin/bin/build-zip.sh ]; then
	echo "release: wp-plugin/bin/build-zip.sh is missing" >&2
	exit 1
fi
bash wp-plugin/bin/build-zip.sh "$out" "$version"
[ -s "$out/arshline-sidecar-$version.zip" ] || { echo "release: build-zip.sh wrote no $out/arshline-sidecar-$version.zip" >&2; exit 1; }

# --- the binaries, static, for each architecture
for arch in amd64 arm64; do
	mkdir -p "$work/bin-$arch"
	for cmd in arshlined arshlinectl; do
		CGO_ENABLED=0 GOOS=linux GOARCH=$arch "$GO" build -trimpath -buildvcs=false \
			-ldflags "-s -w -buildid= -X $module/daemon.Version=$version" \
			-o "$work/bin-$arch/$cmd" "./cmd/$cmd"
	done
done

# --- the Debian packages
changelog_date=$(date -u -d "@$SOURCE_DATE_EPOCH" -R)
for arch in amd64 arm64; do
	pkg="$work/deb-$arch"
	install -d -m 0755 "$pkg/DEBIAN" "$pkg/usr/bin" "$pkg/lib/systemd/system" \
		"$pkg/usr/lib/sysusers.d" "$pkg/usr/lib/tmpfiles.d" "$pkg/usr/share/doc/arshlined"
	install -d -m 0700 "$pkg/etc/arshline"
	install -m 0755 "$work/bin-$arch/arshlined" "$work/bin-$arch/arshlinectl" "$pkg/usr/bin/"
	install -m 0644 systemd/arshlined.service systemd/arshlined.socket "$pkg/lib/systemd/system/"
	install -m 0644 systemd/arshline.sysusers.conf "$pkg/usr/lib/sysusers.d/arshline.conf"
	install -m 0644 systemd/arshline.tmpfiles.conf "$pkg/usr/lib/tmpfiles.d/arshline.conf"
	install -m 0600 packaging/deb/arshlined.env "$pkg/etc/arshline/arshlined.env"
	install -m 0644 packaging/deb/copyright "$pkg/usr/share/doc/arshlined/copyright"
	install -m 0644 README.md docs/INSTALL.md docs/OPERATIONS.md "$pkg/usr/share/doc/arshlined/"
	gzip -n -9 "$pkg/usr/share/doc/arshlined/"*.md
	maintainer=$(sed -n 's/^Maintainer: //p' packaging/deb/control.in)
	printf 'arshlined (%s) unstable; urgency=medium\n\n  * Release %s (see the tag v%s).\n\n -- %s  %s\n' \
		"$version" "$version" "$version" "$maintainer" "$changelog_date" | gzip -n -9 >"$pkg/usr/share/doc/arshlined/changelog.gz"
	chmod 0644 "$pkg/usr/share/doc/arshlined/"*
	install -d -m 0755 "$pkg/usr/share/man/man1" "$pkg/usr/share/man/man8"
	install -m 0644 packaging/man/arshlinectl.1 "$pkg/usr/share/man/man1/"
	install -m 0644 packaging/man/arshlined.8 "$pkg/usr/share/man/man8/"
	gzip -n -9 "$pkg/usr/share/man/man1/arshlinectl.1" "$pkg/usr/share/man/man8/arshlined.8"
	install -d -m 0755 "$pkg/usr/share/lintian/overrides"
	install -m 0644 packaging/deb/lintian-overrides "$pkg/usr/share/lintian/overrides/arshlined"
	for script in postinst prerm postrm; do
		install -m 0755 "packaging/deb/$script" "$pkg/DEBIAN/$script"
	done
	printf '/etc/arshline/arshlined.env\n' >"$pkg/DEBIAN/conffiles"
	chmod 0644 "$pkg/DEBIAN/conffiles"
	size=$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
	sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" packaging/deb/control.in >"$pkg/DEBIAN/control"
	chmod 0644 "$pkg/DEBIAN/control"
	(cd "$pkg" && find . -path ./DEBIAN -prune -o -type f -printf '%P\n' | sort | xargs md5sum) >"$pkg/DEBIAN/md5sums"
	chmod 0644 "$pkg/DEBIAN/md5sums"
	stamp "$pkg"
	dpkg-deb --root-owner-group -Zxz -z9 --build "$pkg" "$out/arshlined_${version}_${arch}.deb" >/dev/null
done

# --- the tarballs, for hosts without dpkg
for arch in amd64 arm64; do
	name="arshline-sidecar_${version}_linux_${arch}"
	dir="$work/tar-$arch/$name"
	install -d -m 0755 "$dir/bin" "$dir/systemd"
	install -m 0755 "$work/bin-$arch/arshlined" "$work/bin-$arch/arshlinectl" "$dir/bin/"
	install -m 0644 systemd/arshlined.service systemd/arshlined.socket systemd/arshline.sysusers.conf \
		systemd/arshline.tmpfiles.conf "$dir/systemd/"
	install -m 0644 packaging/deb/arshlined.env "$dir/systemd/arshlined.env"
	install -m 0644 README.md docs/INSTALL.md docs/OPERATIONS.md "$dir/"
	install -m 0644 packaging/deb/copyright "$dir/COPYRIGHT"
	stamp "$dir"
	tar -C "$work/tar-$arch" --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
		--format=gnu -cf - "$name" | gzip -n -9 >"$out/$name.tar.gz"
done

(cd "$out" && sha256sum -- "arshline-sidecar-$version.zip" "arshlined_${version}_amd64.deb" "arshlined_${version}_arm64.deb" \
	"arshline-sidecar_${version}_linux_amd64.tar.gz" "arshline-sidecar_${version}_linux_arm64.tar.gz" >SHA256SUMS)
echo "release: wrote"
(cd "$out" && ls -l -- *.zip *.deb *.tar.gz SHA256SUMS)
cd "$root"
