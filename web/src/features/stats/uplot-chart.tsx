/**
 * One uPlot chart sized to its container (so it fits a phone), redrawn when the data or the width changes.
 * Counts are bars, side by side within their month (so equal values never hide each other), on a whole-number
 * axis; the company chart's average is a line on its own right-hand axis. Hovering a month shows a tooltip
 * with every series' value there. The canvas is hidden from assistive technology: the card's table toggle is
 * the text alternative, with the same numbers.
 */
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { barSlot, type ChartData, COUNT_STEPS, countRange, countTicks, drawnSeries } from "./series.ts";

// Distinct on white and to colour-blind eyes (Okabe-Ito).
export const COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00"];

export function UplotChart({ data, title }: { data: ChartData; title: string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(260, el.clientWidth);
    const xs = data.labels.map((_, i) => i);
    const drawn = drawnSeries(data);
    const right = drawn.some((s) => s.scale === "right");
    const bars = drawn.filter((s) => s.scale === "y");
    const longest = Math.max(...data.labels.map((l) => l.length), 4);
    const tip = document.createElement("div");
    tip.className = "chart-tip";
    tip.hidden = true;

    const barPaths = (index: number) => {
      const slot = barSlot(index, bars.length);
      return uPlot.paths.bars!({
        disp: {
          x0: { unit: 1, values: (u: uPlot) => (u.data[0] as number[]).map((x) => x + slot.offset) },
          size: { unit: 1, values: () => [slot.width] },
        },
      });
    };

    const opts: uPlot.Options = {
      title: undefined,
      width: width(),
      height: 240,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      scales: {
        // Half a step of margin each side: a single month (or pool) still gets its bars and its label.
        x: { time: false, range: () => [-0.5, xs.length - 0.5] },
        y: { range: (_u, _min, max) => countRange(max) },
      },
      axes: [
        {
          values: (_u, splits) => splits.map((i) => Number.isInteger(i) ? data.labels[i] ?? "" : ""),
          // Every label where there is room; every 2nd, 3rd, 6th or 12th on a phone.
          incrs: [1, 2, 3, 6, 12],
          space: longest * 7 + 16,
        },
        { size: 56, incrs: COUNT_STEPS, values: (_u, splits) => countTicks(splits) },
        ...(right ? [{ scale: "right", side: 1 as const, size: 56, grid: { show: false } }] : []),
      ],
      series: [
        {},
        ...drawn.map((s, i) => {
          const colour = COLOURS[i % COLOURS.length];
          return s.scale === "y"
            ? {
              label: s.label,
              scale: s.scale,
              stroke: colour,
              fill: colour,
              width: 1,
              points: { show: false },
              paths: barPaths(bars.findIndex((b) => b.label === s.label)),
            }
            : { label: s.label, scale: s.scale, stroke: colour, width: 2, points: { show: true, size: 7 } };
        }),
      ],
      hooks: {
        setCursor: [(u) => {
          const idx = u.cursor.idx;
          if (idx == null || u.cursor.left == null || u.cursor.left < 0) {
            tip.hidden = true;
            return;
          }
          tip.replaceChildren(
            Object.assign(document.createElement("strong"), { textContent: data.labels[idx] }),
            ...drawn.map((s) =>
              Object.assign(document.createElement("span"), {
                textContent: `${s.label}: ${s.values[idx]?.toLocaleString("en-US") ?? "–"}`,
              })
            ),
          );
          tip.hidden = false;
          const left = u.valToPos(idx, "x") + u.over.offsetLeft;
          tip.style.left = `${
            Math.min(Math.max(0, left - tip.offsetWidth / 2), el.clientWidth - tip.offsetWidth)
          }px`;
        }],
      },
    };
    const plot = new uPlot(opts, [xs, ...drawn.map((s) => s.values)], el);
    el.appendChild(tip);
    const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: 240 }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
      tip.remove();
    };
  }, [data, title]);

  return <div ref={box} className="uplot-box" aria-hidden="true" />;
}
