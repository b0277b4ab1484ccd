package cli

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// Version, when set at build time (-ldflags "-X
// github.com/scgraph/scgraph/internal/cli.Version=v1.2.3"), is the version
// scgraph reports; otherwise the build info says it.
var Version = ""

// version is what 'scgraph --version' prints after "scgraph ": the module
// version (v1.2.3 when installed with go install ...@v1.2.3, "(devel)" when
// built from a checkout), then the VCS revision, its time and whether the
// tree had changes, as the Go toolchain stamped them.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		info = nil
	}
	return versionFrom(Version, info)
}

// moduleVersion is the version alone: Version when set, else the module's.
func moduleVersion() string {
	info, _ := debug.ReadBuildInfo()
	return mainVersion(Version, info)
}

func mainVersion(set string, info *debug.BuildInfo) string {
	v := set
	if v == "" && info != nil {
		v = info.Main.Version
	}
	if v == "" {
		v = "(unknown)"
	}
	return v
}

func versionFrom(set string, info *debug.BuildInfo) string {
	v := mainVersion(set, info)
	if info == nil {
		return v
	}
	var rev, at string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	var parts []string
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		parts = append(parts, "revision "+rev)
	}
	if at != "" {
		parts = append(parts, at)
	}
	if modified {
		parts = append(parts, "with uncommitted changes")
	}
	if info.GoVersion != "" {
		parts = append(parts, info.GoVersion)
	}
	if len(parts) == 0 {
		return v
	}
	return fmt.Sprintf("%s (%s)", v, strings.Join(parts, ", "))
}
