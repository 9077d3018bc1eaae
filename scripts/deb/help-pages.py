#!/usr/bin/python3
"""Turns navdisplay's own option declarations into a man page navdisplay(1) and a bash completion script, so
both say exactly what the binary parses and what its `--help` prints.

    scripts/deb/help-pages.py BINARY manpage OUT.1
    scripts/deb/help-pages.py BINARY completion OUT

The one source is `navdisplay help --json`: every command (name, summary, usage, description) and every option
as declared in Swift (Sources/NavDisplay/CLI/OptionSpec.swift): its names, value placeholder, kind (switch,
number, integer, choice, text), range or words, what a shell should complete (file, directory, words, none),
help, and whether run's settings file takes it. Nothing is guessed from help text. Only the standard library is
used.
"""

from __future__ import annotations

import datetime
import json
import os
import re
import subprocess
import sys


def catalog(binary: str) -> dict:
    result = subprocess.run([binary, "help", "--json"], capture_output=True, text=True)
    if result.returncode != 0 or not result.stdout.strip():
        sys.exit(f"help-pages: `{binary} help --json` failed (status {result.returncode}): {result.stderr.strip()}")
    data = json.loads(result.stdout)
    if not data.get("commands"):
        sys.exit("help-pages: `navdisplay help --json` lists no commands")
    return data


# ---------------------------------------------------------------------------------------------------------------
# The man page.


def roff(text: str) -> str:
    text = text.replace("\\", "\\e").replace("-", "\\-")
    text = re.sub(r"`([^`]+)`", r"\\fB\1\\fR", text)
    # A line starting with . or ' would be read as a request.
    return re.sub(r"^([.'])", r"\\&\1", text, flags=re.M)


def number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def value_note(option: dict) -> str:
    """What the value must be, from the declaration: "(a number from 1 to 20)", "(one of: day, night)"."""
    if option["kind"] in ("number", "integer"):
        low, high = number(option["minimum"]), number(option["maximum"])
        if f"{low} to {high}" in option["help"]:
            return ""
        whole = "a whole number" if option["kind"] == "integer" else "a number"
        return f" ({whole} from {low} to {high})"
    if option["kind"] == "choice":
        return " (one of: " + ", ".join(option["choices"]) + ")"
    return ""


def manpage(data: dict) -> str:
    # SOURCE_DATE_EPOCH keeps the page reproducible (the package's md5sums stay the same on a rebuild).
    stamp = datetime.datetime.fromtimestamp(int(os.environ.get("SOURCE_DATE_EPOCH", "0")) or None
                                            or datetime.datetime.now().timestamp(), datetime.timezone.utc)
    summary = "an embedded navigation display (map, heading arrow, HUD) for DRM/KMS screens"
    out = [
        f'.TH NAVDISPLAY 1 "{stamp:%Y-%m-%d}" "navdisplay {data["version"]}" "User Commands"',
        ".SH NAME",
        roff(f"navdisplay - {summary}"),
        ".SH SYNOPSIS",
        ".B navdisplay",
        ".I command",
        "[\\fIoptions\\fR]",
        ".SH DESCRIPTION",
        roff(summary[0].upper() + summary[1:] + ". Each command and its options are described below, as "
             "`navdisplay COMMAND --help` prints them."),
        ".SH COMMANDS",
    ]
    for command in data["commands"]:
        out += [".TP", f".B {command['name']}", roff(command["summary"])]
    out += [".SH OPTIONS"]
    for option in data["options"]:
        out += [".TP", ".B " + roff(", ".join(option["names"])), roff(option["help"])]
    for command in data["commands"]:
        out += [f".SH NAVDISPLAY {command['name'].upper()}", ".nf", roff(command["usage"]), ".fi"]
        for paragraph in command["description"]:
            out += [".PP", roff(paragraph)]
        for option in command["options"] + [{"names": ["-h", "--help"], "kind": "switch", "help": "show this help"}]:
            names = ", ".join(f"\\fB{roff(n)}\\fR" for n in option["names"])
            value = f" \\fI{roff(option['value'])}\\fR" if option.get("value") else ""
            out += [".TP", names + value, roff(option["help"] + value_note(option))]
    keys = ", ".join(f"\\fB{roff(k)}\\fR" for k in data["configKeys"])
    out += [
        ".SH FILES",
        ".TP", ".I /etc/navdisplay/navdisplay.conf",
        "Settings for the kiosk service, one " + roff("`key = value`") + " a line; each key is an option of "
        + roff("`navdisplay run`") + " without its leading dashes, checked as the option is: " + keys + ".",
        ".TP", ".I /var/lib/navdisplay/calibration.txt", "The magnetometer calibration written by "
        + roff("`navdisplay calibrate`") + ".",
        ".TP", ".I /usr/share/navdisplay/", "The bundled map and recorded ride.",
        ".SH SEE ALSO",
        ".BR gpsd (8),",
        ".BR systemd.service (5)",
    ]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------------------------
# Bash completion.


def value_case(option: dict) -> str | None:
    """The `case "$prev"` arm for an option that takes a value, from its declared completion."""
    if option["kind"] == "switch":
        return None
    patterns = "|".join(option["names"])
    completion = option["completion"]
    if completion == "words":
        reply = f'COMPREPLY=($(compgen -W "{" ".join(option["choices"])}" -- "$cur"))'
    elif completion == "file":
        # A file option whose placeholder names a word too ("FILE|none") offers that word as well.
        words = [w for w in (option.get("value") or "").split("|") if w.islower()]
        reply = (f'COMPREPLY=($(compgen -W "{" ".join(words)}" -- "$cur") $(compgen -f -- "$cur"))' if words
                 else 'COMPREPLY=($(compgen -f -- "$cur"))')
    elif completion == "directory":
        reply = 'COMPREPLY=($(compgen -d -- "$cur"))'
    else:
        reply = ""
    return f"            {patterns}) {reply + '; ' if reply else ''}return ;;"


def completion(data: dict) -> str:
    names = " ".join(c["name"] for c in data["commands"])
    top = " ".join(n for o in data["options"] for n in o["names"])
    cases = []
    for command in data["commands"]:
        words = " ".join(n for o in command["options"] for n in o["names"]) + " -h --help"
        values = [arm for arm in map(value_case, command["options"]) if arm]
        cases.append(f"        {command['name']})\n          case \"$prev\" in\n" + "\n".join(values)
                     + f"\n          esac\n          COMPREPLY=($(compgen -W \"{words.strip()}\" -- \"$cur\")) ;;")
    return f"""# bash completion for navdisplay, generated from `navdisplay help --json` by scripts/deb/help-pages.py
_navdisplay() {{
    local cur=${{COMP_WORDS[COMP_CWORD]}} prev=${{COMP_WORDS[COMP_CWORD-1]}}
    if [[ $COMP_CWORD -eq 1 ]]; then
        COMPREPLY=($(compgen -W "{names} help {top}" -- "$cur"))
        return
    fi
    case "${{COMP_WORDS[1]}}" in
{chr(10).join(cases)}
    esac
}}
complete -F _navdisplay navdisplay
"""


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[2] not in ("manpage", "completion"):
        sys.exit(__doc__)
    binary, kind, out = sys.argv[1:]
    data = catalog(binary)
    text = manpage(data) if kind == "manpage" else completion(data)
    with open(out, "w") as f:
        f.write(text)
