/**
 * One uPlot chart sized to its container (so it fits a phone), redrawn when the data or the width changes.
 * The canvas is hidden from assistive technology: the card's table toggle is the text alternative.
 */
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { type ChartData, drawnSeries } from "./series.ts";

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
    const opts: uPlot.Options = {
      title: undefined,
      width: width(),
      height: 240,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      // Half a step of margin each side: a single month (or pool) still gets its point and its label.
      scales: { x: { time: false, range: () => [-0.5, xs.length - 0.5] } },
      axes: [
        {
          values: (_u, splits) => splits.map((i) => Number.isInteger(i) ? data.labels[i] ?? "" : ""),
          // Every label where there is room; every 2nd, 3rd, 6th or 12th on a phone.
          incrs: [1, 2, 3, 6, 12],
          space: 36,
        },
        { size: 56 },
        ...(right ? [{ scale: "right", side: 1 as const, size: 56, grid: { show: false } }] : []),
      ],
      series: [
        {},
        ...drawn.map((s, i) => ({
          label: s.label,
          scale: s.scale,
          stroke: COLOURS[i % COLOURS.length],
          width: 2,
          points: { show: true },
        })),
      ],
    };
    const plot = new uPlot(
      opts,
      [xs, ...drawn.map((s) => s.values)],
      el,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: 240 }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [data, title]);

  return <div ref={box} className="uplot-box" aria-hidden="true" />;
}
