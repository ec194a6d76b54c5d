"""`belot score`: one deal as JSON, many as JSON lines, or a deal typed as words for people."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

import click

from belot.contract import error_json
from belot.contract import score as score_json
from belot.core import plain
from belot.core.errors import BelotError
from belot.core.games import GAME_NAMES
from belot.nulls import null_free, refuse_nulls

from .deal_words import click_options, contract_words, deal_from_words

EXAMPLES = """
\b
Examples:
  belot score deal.json
  echo '{"game": "belot", "contract": "hearts", "declarer": "us",
         "cards": {"us": 82}, "last_trick": "us",
         "declarations": {"us": [20]}}' | belot score
  belot score --jsonl deals.jsonl > results.jsonl
  belot score hearts --declarer us --cards us=82 --last us --decl us=20
  belot score all-trumps --declarer us --cards us=120 --last them --decl them=20 --belot us
  belot score sun --buyer us --abnat them=64
  belot score hokm --buyer us --abnat them=62 --project us=sira --multiplier 3
  belot score hearts --game coinche --declarer us --bid 100 --cards us=110 --last us --json
"""

# The most one deal's JSON may hold (a whole input, or one `--jsonl` line): read in chunks and
# refused past it, before the rest is read. A real deal is a few hundred bytes.
MAX_INPUT = 64 * 1024 * 1024
CHUNK = 1024 * 1024

CONTRACT_WORDS = frozenset(contract_words())
_encoder = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))
# The fast path's decoder: orjson when installed (`pip install belot[fast]`: about twice the
# standard library's speed on a deal's line), else `json`. It only ever decides a line that
# the lookups then score; every other line is decoded again by `json`, so a value orjson reads
# otherwise (a number past 64 bits as a float, NaN refused) changes no answer.
_fast_loads: Callable[[str | BelotError], Any] = json.loads  # type: ignore[assignment]
try:
    import orjson

    _fast_loads = orjson.loads  # type: ignore[assignment]
except ImportError:  # the standard library alone: the same answers
    pass
# What makes a `--jsonl` line leave the fast path: the decoder's refusals (ValueError, a deep
# nesting's RecursionError, a BelotError in the line's place: TypeError) and the lookups'.
_STEP_ASIDE = (ValueError, RecursionError, *plain.GIVE_UP)


def _dumps(value: object) -> str:
    return _encoder.encode(value)


def _decode(text: str) -> Any:
    """JSON text to a value; what `json` refuses as a BelotError (CONTRACT §4: an answer)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BelotError("invalid-json", None, f"the input is not valid JSON: {exc}") from None
    except RecursionError:
        raise BelotError("invalid-json", None, "the input is nested too deeply") from None
    except ValueError:  # Python reads no integer past 4,300 digits; no deal needs one
        raise BelotError(
            "number-too-long", None, "the input has a number of more than 4,300 digits"
        ) from None


def with_rules(deal: Any, switches: tuple[str, ...]) -> Any:
    """The deal with `--rule` switches turned on over whatever rules it names: a preset's
    name becomes house rules over it; house rules keep their own switches too. The core
    checks the names (an unknown one is refused at `rules.<name>`)."""
    if not switches or not isinstance(deal, dict):
        return deal
    rules = deal.get("rules")
    if rules is None and "rules" in deal:
        return deal  # a null sent: refused as one (`belot.nulls`), never made house rules
    given: dict[str, Any] = dict(rules) if isinstance(rules, dict) else {}
    if isinstance(rules, str):
        given["preset"] = rules
    elif rules is not None and not isinstance(rules, dict):
        return deal  # a wrong type: the core words the refusal
    return {**deal, "rules": {**given, **dict.fromkeys(switches, True)}}


def _score_text(text: str, switches: tuple[str, ...] = ()) -> tuple[dict[str, Any], bool]:
    """One JSON text to (result or error object, whether it scored)."""
    try:
        return score_json(with_rules(_checked(_decode(text)), switches)), True
    except BelotError as err:
        return error_json(err), False
    except RecursionError:
        return error_json(BelotError("invalid-json", None, "the input is nested too deeply")), False


def _checked(deal: Any) -> Any:
    """The deal, once no field holds a null its description has none of (`belot.nulls`)."""
    refuse_nulls(deal)
    return deal


def _too_large(limit: int) -> BelotError:
    return BelotError(
        "input-too-large", None, f"the input is over {limit // (1024 * 1024)} MiB", limit=limit
    )


def read_capped(source: IO[bytes], limit: int | None = None) -> str | BelotError:
    """All of `source` as text, read in chunks; refused once past `limit` bytes (never more
    than one chunk past it is read). Undecodable bytes become replacement characters."""
    cap = MAX_INPUT if limit is None else limit
    parts, size = [], 0
    while chunk := source.read(min(CHUNK, cap + 1 - size)):
        parts.append(chunk)
        size += len(chunk)
        if size > cap:
            return _too_large(cap)
    return b"".join(parts).decode("utf-8", errors="replace")


def capped_lines(source: IO[bytes], limit: int | None = None) -> Iterator[str | BelotError]:
    """`--jsonl`'s lines as text; a line past `limit` bytes is an error in its place (the rest
    of it skipped in chunks, never held).

    Read in blocks of up to a chunk (`read1`: what the source has, without waiting for a full
    block, so a pipe fed line by line is answered as it comes), each block's whole lines
    decoded at once (a newline byte is never inside a UTF-8 character, so the text is the one
    line-by-line decoding gives)."""
    cap = MAX_INPUT if limit is None else limit
    read = getattr(source, "read1", source.read)
    pending: list[bytes] = []  # the start of a line not ended yet, at most `cap` bytes
    size = 0
    skipping = False  # inside a line past the bound: skipped to its end
    while block := read(CHUNK):
        if skipping:
            start = block.find(b"\n") + 1
            if not start:
                continue
            block, skipping = block[start:], False
        end = block.rfind(b"\n") + 1
        if not end:
            pending.append(block)
            size += len(block)
            if size > cap:
                yield _too_large(cap)
                pending, size, skipping = [], 0, True
            continue
        whole = block[:end]
        if pending:
            whole = b"".join([*pending, whole])
        if len(whole) <= cap + 1:  # no line in it is past the bound
            for line in whole.decode("utf-8", errors="replace").split("\n")[:-1]:
                yield line + "\n"
        else:
            for raw in whole.split(b"\n")[:-1]:
                yield (
                    (raw + b"\n").decode("utf-8", errors="replace")
                    if len(raw) <= cap
                    else (_too_large(cap))
                )
        rest = block[end:]
        pending, size = ([rest], len(rest)) if rest else ([], 0)
        if size > cap:
            yield _too_large(cap)
            pending, size, skipping = [], 0, True
    if pending:
        yield b"".join(pending).decode("utf-8", errors="replace")


# Answers written at once, so the output is written in large blocks.
BLOCK_LINES = 4096


def score_lines(
    lines: Iterable[str | BelotError], out: IO[str], switches: tuple[str, ...] = ()
) -> bool:
    """`--jsonl`: one answer per line, in order; a bad line does not stop the rest.

    The common line is decoded (by orjson when installed) and scored by lookups
    (`belot.core.plain.text`), its answer written straight as text, with no exception around
    it; any other line — bad JSON, a refusal, a deal the lookups do not take, a blank line —
    is read again by the standard library and scored the careful way, as it always was.
    """
    if switches:
        lines = _through(lines, switches)
    all_scored = True
    write, loads, dumps, fast = out.write, _fast_loads, _encoder.encode, plain.text
    answers: list[str] = []
    append = answers.append
    for line in lines:
        try:
            append(fast(null_free(loads(line))))
        except _STEP_ASIDE:
            if isinstance(line, BelotError):
                append(dumps(error_json(line)) + "\n")
                all_scored = False
            else:
                try:
                    text = dumps(score_json(_checked(json.loads(line))))
                except (ValueError, RecursionError):  # BelotError and every refusal of `json`
                    if not line.strip():
                        continue  # a blank line is no deal: no answer
                    answer, all_scored = _score_text(line)[0], False
                    text = dumps(answer)
                append(text + "\n")
        if len(answers) >= BLOCK_LINES:
            write("".join(answers))
            answers.clear()
    write("".join(answers))
    return all_scored


def _through(
    lines: Iterable[str | BelotError], switches: tuple[str, ...]
) -> Iterator[str | BelotError]:
    """`--jsonl` lines with `--rule` switches applied (a line that is no JSON object stays as
    it is: its answer is the usual refusal)."""
    for line in lines:
        if isinstance(line, str) and line.strip():
            with contextlib.suppress(ValueError, RecursionError):
                line = json.dumps(with_rules(json.loads(line), switches))
        yield line


def _say(deal: dict[str, Any], as_json: bool, lang_code: str) -> None:
    """The words form's answer: the contract's JSON, or the pages' own words for it.

    Either way the deal is scored once. The words come from `belot.words.results`, the one
    home of what the pages say too, imported only here: JSON input never loads it.
    """
    if as_json:
        try:
            answer, ok = score_json(deal), True
        except BelotError as err:
            answer, ok = error_json(err), False
        sys.stdout.write(_dumps(answer) + "\n")
        sys.exit(0 if ok else 2)
    from belot.contract import explained
    from belot.words.i18n import LANGS, Lang
    from belot.words.results import error_text, explains, steps_text, team_names, why

    game = str(deal["game"])
    if not explains(game):  # a game whose result has no words of ours: its JSON
        _say(deal, True, lang_code)
    if lang_code not in LANGS:
        raise click.BadParameter(f"one of {', '.join(LANGS)}", param_hint="--lang")
    lang = Lang(lang_code)
    try:
        result, steps = explained(deal)
    except BelotError as err:
        sys.stdout.write(f"error: {err.field}: {lang.num(error_text(lang, err, game))}\n")
        sys.exit(2)
    names = team_names(lang, game)
    lines = [why(lang, game, result, steps, names), *steps_text(lang, game, steps, names)]
    sys.stdout.write(
        "".join(f"{'  ' if i else ''}{lang.num(line)}\n" for i, line in enumerate(lines))
    )


@click.command(epilog=EXAMPLES)
@click.argument("words", nargs=-1)
@click.option("--jsonl", is_flag=True, help="Read one deal per line, write one result per line.")
@click.option("--json", "as_json", is_flag=True, help="With words: print the result as JSON.")
@click.option(
    "--rule",
    "switches",
    multiple=True,
    metavar="NAME",
    help="Turn a house rule on (repeatable; see `belot rules`).",
)
@click.option(
    "--game",
    type=click.Choice(GAME_NAMES),
    help="With words: the game; unless told, the first of these whose contract the first word"
    " names.",
)
@click.option("--lang", default="en", show_default=True, help="With words: bg ar en fr hr nl.")
def score(
    words: tuple[str, ...],
    jsonl: bool,
    as_json: bool,
    lang: str,
    switches: tuple[str, ...],
    **opts: Any,
) -> None:
    """Score a deal: JSON from FILE or standard input, or the deal in words.

    WORDS is a JSON file (or - for standard input), or a contract (clubs, diamonds, hearts,
    spades, no-trumps, all-trumps; Baloot: sun, hokm) followed by options. The result is JSON
    on standard output; a refused deal prints the error object and exits 2.
    """
    out: IO[str] = sys.stdout
    if words and words[0] in CONTRACT_WORDS:
        if len(words) != 1:
            raise click.UsageError("give one contract, then options")
        _say(with_rules(deal_from_words(words[0], opts), switches), as_json, lang)
        return
    if len(words) > 1:
        raise click.UsageError("give one FILE, or one contract and options")
    if any(value not in (None, ()) for value in opts.values()):
        raise click.UsageError("a deal's options go after its contract, not with a FILE")
    source = _open(words[0] if words else "-")
    if isinstance(source, BelotError):
        out.write(_dumps(error_json(source)) + "\n")
        sys.exit(2)
    with source:
        if jsonl:
            sys.exit(0 if score_lines(capped_lines(source), out, switches) else 1)
        text = read_capped(source)
    if isinstance(text, BelotError):
        answer, ok = error_json(text), False
    else:
        answer, ok = _score_text(text, switches)
    out.write(_dumps(answer) + "\n")
    sys.exit(0 if ok else 2)


# Each game's deal fields as options, after `--game` (their help in the registry's order).
_at = next(i for i, p in enumerate(score.params) if p.name == "game") + 1
score.params[_at:_at] = click_options()


def _open(path: str) -> IO[bytes] | BelotError:
    """The input's bytes, or why it cannot be read (a missing file, a directory, no permission):
    CONTRACT §4 wants the error object for those too, never a traceback. Read through
    `read_capped` / `capped_lines`: undecodable bytes become replacement characters, then an
    invalid-json answer."""
    if path == "-":
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except OSError as exc:
        return BelotError(
            "unreadable-input", None, f"cannot read {path!r}: {exc.strerror or exc}", path=path
        )
