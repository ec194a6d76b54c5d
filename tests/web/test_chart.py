"""The SVG charts (web/chart.py): every line drawn is in the legend, each with a colour, a
dash and a marker of its own (issue 19: the club chart's fifth player had none)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from belot.web.chart import MAX_SERIES, totals_chart, wins_chart

STATIC = Path(__file__).parents[2] / "src" / "belot" / "web" / "static"
SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Иван", "Мария", "Петър", "Елена", "Георги", "Десислава", "Стефан", "Александра Петрова"]


def parsed(markup: str) -> ET.Element:
    return ET.fromstring(markup.replace("<svg ", f'<svg xmlns="{SVG[1:-1]}" ', 1))


def mark_of(group: ET.Element) -> str:
    """The marker's shape: its element and its class (which names it)."""
    mark = next(e for e in group if "mark" in e.get("class", ""))
    return f"{mark.tag}:{mark.get('class', '')}"


def colours(css: str, vars_css: str) -> dict[str, str]:
    """`.chart .sN { --c: … }` of club.css (light), with var(--us) and var(--them) resolved
    from app.css's light palette."""
    root: dict[str, str] = dict(re.findall(r"--(us|them): (#[0-9a-f]{6})", vars_css)[:2])
    light = css.split("@media")[0]
    found: dict[str, str] = dict(re.findall(r"\.chart \.(s\d) \{ --c: ([^;]+); \}", light))
    return {k: root.get(v[6:-1], v) for k, v in found.items()}


def test_eight_colours_light_and_dark() -> None:
    css = (STATIC / "club.css").read_text()
    light = colours(css, (STATIC / "app.css").read_text())
    assert sorted(light) == [f"s{i}" for i in range(MAX_SERIES)]
    assert len(set(light.values())) == MAX_SERIES, light
    dark = dict(re.findall(r"\.chart \.(s\d) \{ --c: ([^;]+); \}", css.split("@media")[1]))
    dark |= {"s0": "var(--us)", "s1": "var(--them)"}  # app.css's dark palette
    assert len(set(dark.values())) == MAX_SERIES, dark


@pytest.mark.parametrize("count", [5, 8])
def test_every_player_drawn_is_in_the_legend(count: int) -> None:
    series = [(name, [i % 3, i % 3 + 1, 4]) for i, name in enumerate(NAMES[:count])]
    svg = parsed(str(wins_chart(series, "Wins over time")))
    lines = svg.findall(f"{SVG}g/{SVG}polyline")
    assert [line.findtext(f"{SVG}title") for line in lines] == NAMES[:count]
    legend = svg.findall(f"{SVG}g[@data-series]")
    assert len(legend) == count
    assert [g.findtext(f"{SVG}title") for g in legend] == NAMES[:count]
    shown = [g.findtext(f"{SVG}text") for g in legend]
    assert shown == [*NAMES[: min(count, 7)], "Александра Пет…"][:count]  # the whole in <title>
    # Colour, dash and marker: one of each per player, the same in the line and the legend.
    drawn = svg.findall(f"{SVG}g[@class]")
    by_series: dict[str, list[ET.Element]] = {}
    for g in drawn:
        by_series.setdefault(g.get("class", ""), []).append(g)
    assert sorted(by_series) == sorted(f"s{i}" for i in range(count))
    marks = set()
    for cls, (line_group, legend_group) in by_series.items():
        line = line_group.find(f"{SVG}polyline")
        sample = legend_group.find(f"{SVG}line")
        assert line is not None and sample is not None
        assert line.get("stroke-dasharray") == sample.get("stroke-dasharray"), cls
        assert mark_of(line_group) == mark_of(legend_group), cls
        marks.add(mark_of(line_group))
    assert len(marks) == count
    dashes = [line.get("stroke-dasharray", "") for line in lines]
    assert len(set(dashes)) == min(count, 4)
    # The legend sits under the plot, inside the picture.
    height = float(svg.get("viewBox", "").split()[3])
    for g in legend:
        text = g.find(f"{SVG}text")
        assert text is not None and 170 < float(text.get("y", "0")) <= height


def test_more_players_than_colours_draws_the_first_eight_all_in_the_legend() -> None:
    series = [(f"P{i}", [i, i + 1]) for i in range(11)]
    svg = parsed(str(wins_chart(series, "Wins")))
    assert len(svg.findall(f"{SVG}g/{SVG}polyline")) == MAX_SERIES
    assert len(svg.findall(f"{SVG}g[@data-series]")) == MAX_SERIES


def test_the_match_chart_tells_its_two_lines_apart_without_colour() -> None:
    svg = parsed(str(totals_chart([(9, 7), (20, 7), (31, 23)], 151, ("Ние", "Вие"), "x")))
    lines = svg.findall(f"{SVG}g/{SVG}polyline")
    assert [line.findtext(f"{SVG}title") for line in lines] == ["Ние", "Вие"]
    assert [line.get("stroke-dasharray") for line in lines] == [None, "6 3"]
    legend = [g for g in svg.findall(f"{SVG}g") if g.find(f"{SVG}text") is not None]
    assert [g.findtext(f"{SVG}text") for g in legend] == ["Ние", "Вие"]
    assert mark_of(legend[0]) != mark_of(legend[1])
    # the same box for every match (the offline board swaps its children only), the legend
    # under the plot (inside it, under the target, a line that rose early crossed the names)
    assert svg.get("viewBox") == "0 0 340 208"
    assert all(float(g.find(f"{SVG}text").get("y", 0)) > 170 for g in legend)  # type: ignore[union-attr]
