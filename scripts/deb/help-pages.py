#!/usr/bin/python3
"""Turns `navdisplay --help` and each `navdisplay COMMAND --help` into a man page navdisplay(1) and a bash
completion script, so both say exactly what the binary's own help says.

    scripts/deb/help-pages.py BINARY manpage OUT.1
    scripts/deb/help-pages.py BINARY completion OUT

The help text is the one source: commands are the lines under COMMANDS:, options the lines under OPTIONS: that
start with `-` (a continuation line is indented further), and an option's value placeholder (FILE, MODE,
day|night …) decides what the completion offers. Only the standard library is used.
"""

from __future__ import annotations

import datetime
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field


@dataclass
class Option:
    names: list[str]  # ["-h", "--help"]
    value: str | None  # "FILE", "day|night", None for a switch
    help: str


@dataclass
class Command:
    name: str
    summary: str
    usage: str = ""
    description: list[str] = field(default_factory=list)  # paragraphs
    options: list[Option] = field(default_factory=list)


def help_text(binary: str, *args: str) -> str:
    result = subprocess.run([binary, *args, "--help"], capture_output=True, text=True)
    text = result.stdout or result.stderr
    if not text.strip():
        sys.exit(f"help-pages: `{binary} {' '.join(args)} --help` printed nothing (status {result.returncode})")
    return text


OPTION_LINE = re.compile(r"^ {2,6}(-[-\w]+(?:, --[-\w]+)?)(?: ([^\s].*?))?(?: {2,}(.*))?$")


def parse_options(lines: list[str]) -> list[Option]:
    options: list[Option] = []
    for line in lines:
        match = OPTION_LINE.match(line)
        if match and line.lstrip().startswith("-"):
            names = [n.strip() for n in match.group(1).split(",")]
            options.append(Option(names, match.group(2), (match.group(3) or "").strip()))
        elif options and line.strip():
            options[-1].help += " " + line.strip()
    return options


def parse_command(name: str, summary: str, text: str) -> Command:
    command = Command(name, summary)
    lines = text.splitlines()
    section, paragraph = "text", []
    option_lines: list[str] = []
    for line in lines:
        if line.startswith("USAGE:"):
            command.usage = line.removeprefix("USAGE:").strip()
        elif line.strip() == "OPTIONS:":
            section = "options"
        elif section == "options":
            option_lines.append(line)
        elif not line.strip():
            if paragraph:
                command.description.append(" ".join(paragraph))
                paragraph = []
        else:
            paragraph.append(line.strip())
    if paragraph:
        command.description.append(" ".join(paragraph))
    command.options = parse_options(option_lines)
    return command


def read_program(binary: str) -> tuple[str, list[Command], list[Option]]:
    top = help_text(binary)
    headline = top.splitlines()[0]
    commands: list[Command] = []
    top_options: list[str] = []
    section = ""
    for line in top.splitlines():
        if line.strip() == "COMMANDS:":
            section = "commands"
            continue
        if section == "commands":
            match = re.match(r"^  (\w[-\w]*)\s{2,}(.*)$", line)
            if match:
                commands.append(Command(match.group(1), match.group(2)))
            elif line.startswith("  -"):
                top_options.append(line)
            elif line.strip() and not line.startswith("  "):
                section = "after"
        elif line.startswith("  -"):
            top_options.append(line)
    if not commands:
        sys.exit("help-pages: found no COMMANDS: in `navdisplay --help`")
    parsed = [parse_command(c.name, c.summary, help_text(binary, c.name)) for c in commands]
    return headline, parsed, parse_options(top_options)


# ---------------------------------------------------------------------------------------------------------------
# The man page.


def roff(text: str) -> str:
    text = text.replace("\\", "\\e").replace("-", "\\-")
    text = re.sub(r"`([^`]+)`", r"\\fB\1\\fR", text)
    # A line starting with . or ' would be read as a request.
    return re.sub(r"^([.'])", r"\\&\1", text, flags=re.M)


def manpage(binary: str, version: str) -> str:
    headline, commands, top_options = read_program(binary)
    # SOURCE_DATE_EPOCH keeps the page reproducible (the package's md5sums stay the same on a rebuild).
    stamp = datetime.datetime.fromtimestamp(int(os.environ.get("SOURCE_DATE_EPOCH", "0")) or None
                                            or datetime.datetime.now().timestamp(), datetime.timezone.utc)
    summary = headline.split(": ", 1)[-1].rstrip(".")
    out = [
        f'.TH NAVDISPLAY 1 "{stamp:%Y-%m-%d}" "navdisplay {version}" "User Commands"',
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
    for command in commands:
        out += [".TP", f".B {command.name}", roff(command.summary)]
    out += [".SH OPTIONS"]
    for option in top_options:
        out += [".TP", ".B " + roff(", ".join(option.names)), roff(option.help)]
    for command in commands:
        out += [f".SH NAVDISPLAY {command.name.upper()}", ".nf", roff(command.usage), ".fi"]
        for paragraph in command.description:
            out += [".PP", roff(paragraph)]
        for option in command.options:
            names = ", ".join(f"\\fB{roff(n)}\\fR" for n in option.names)
            value = f" \\fI{roff(option.value)}\\fR" if option.value else ""
            out += [".TP", names + value, roff(option.help)]
    out += [
        ".SH FILES",
        ".TP", ".I /etc/navdisplay/navdisplay.conf", "Settings for the kiosk service, one key = value a line.",
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


def completion(binary: str) -> str:
    _, commands, top_options = read_program(binary)
    names = " ".join(c.name for c in commands)
    top = " ".join(n for o in top_options for n in o.names)
    cases = []
    for command in commands:
        words = " ".join(n for o in command.options for n in o.names)
        values = []
        for option in command.options:
            if not option.value:
                continue
            patterns = "|".join(option.names)
            if "|" in option.value and re.fullmatch(r"[\w|-]+", option.value):
                choices = " ".join(w for w in option.value.split("|") if w != "FILE")
                if "FILE" in option.value.split("|"):
                    values.append(f'            {patterns}) COMPREPLY=($(compgen -W "{choices}" -- "$cur") '
                                  f'$(compgen -f -- "$cur")); return ;;')
                else:
                    values.append(f'            {patterns}) COMPREPLY=($(compgen -W "{choices}" -- "$cur")); return ;;')
            elif re.search(r"FILE|PATH", option.value):
                values.append(f'            {patterns}) COMPREPLY=($(compgen -f -- "$cur")); return ;;')
            elif "DIR" in option.value:
                values.append(f'            {patterns}) COMPREPLY=($(compgen -d -- "$cur")); return ;;')
            else:
                choice = re.search(r"(\w[\w-]*(?: \| \w[\w-]*)+)", option.help)
                if choice:
                    words_ = " ".join(w.strip() for w in choice.group(1).split("|"))
                    values.append(f'            {patterns}) COMPREPLY=($(compgen -W "{words_}" -- "$cur")); return ;;')
                else:
                    values.append(f"            {patterns}) return ;;")
        cases.append(f"        {command.name})\n          case \"$prev\" in\n" + "\n".join(values)
                     + f"\n          esac\n          COMPREPLY=($(compgen -W \"{words}\" -- \"$cur\")) ;;")
    return f"""# bash completion for navdisplay, generated from `navdisplay --help` by scripts/deb/help-pages.py
_navdisplay() {{
    local cur=${{COMP_WORDS[COMP_CWORD]}} prev=${{COMP_WORDS[COMP_CWORD-1]}}
    if [[ $COMP_CWORD -eq 1 ]]; then
        COMPREPLY=($(compgen -W "{names} {top}" -- "$cur"))
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
    version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.split()[-1]
    text = manpage(binary, version) if kind == "manpage" else completion(binary)
    with open(out, "w") as f:
        f.write(text)
