# Sourced by bin/pgas4j and bin/test: finds a JDK >= 25.
# pgas4j_find_jdk prints the JDK's home; when there is none it prints one line naming what it
# found to stderr and returns 1. Order: $JAVA_HOME, then every JDK under $PGAS4J_JDK_SEARCH
# (default /usr/lib/jvm), newest first.

pgas4j_jdk_major() { # JAVA_HOME-like dir -> major version, or nothing
    local java="$1/bin/java" v=""
    [ -x "$java" ] || return 1
    # The JDK's release file names its version without starting a JVM (about 50 ms of CPU, paid by
    # every PE that srun or mpirun starts through bin/pgas4j exec); ask the JVM where there is none.
    # Read in the shell: no sed, no head (bin/pgas4j exec runs this once per task).
    if [ -f "$1/release" ]; then
        local line
        while IFS= read -r line || [ -n "$line" ]; do
            case "$line" in
                JAVA_VERSION=\"[0-9]*)
                    v="${line#JAVA_VERSION=\"}"
                    v="${v%%[!0-9.]*}"
                    break ;;
            esac
        done <"$1/release"
        [ "${v%%.*}" = 1 ] && v="${v#1.}" # 1.8.0_x: Java 8
    fi
    if [ -z "$v" ]; then
        v="$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p' | head -n 1)"
    fi
    [ -n "$v" ] || return 1
    echo "${v%%.*}"
}

pgas4j_find_jdk() {
    local needed=25 seen="" dir major
    if [ -n "${JAVA_HOME:-}" ]; then
        major="$(pgas4j_jdk_major "$JAVA_HOME" || true)"
        if [ -n "$major" ] && [ "$major" -ge "$needed" ]; then
            echo "$JAVA_HOME"; return 0
        fi
        seen="JAVA_HOME=$JAVA_HOME is ${major:-not a JDK}"
    fi
    local search="${PGAS4J_JDK_SEARCH:-/usr/lib/jvm}"
    if [ -d "$search" ]; then
        for dir in $(ls -1d "$search"/*/ 2>/dev/null | sort -rV); do
            dir="${dir%/}"
            major="$(pgas4j_jdk_major "$dir" || true)"
            if [ -n "$major" ] && [ "$major" -ge "$needed" ]; then
                echo "$dir"; return 0
            fi
        done
    fi
    echo "pgas4j: needs a JDK >= $needed; ${seen:+$seen and }$search has none. Install Temurin $needed or set JAVA_HOME to a JDK >= $needed." >&2
    return 1
}
