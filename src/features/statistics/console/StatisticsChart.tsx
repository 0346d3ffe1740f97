import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';

/**
 * One figure per day as a uPlot line. uPlot is loaded when the first chart mounts, so only the
 * statistics page pays for it. The chart is a picture of the table below it: screen readers get
 * its caption and the table.
 */
export default function StatisticsChart({
  title,
  days,
  values,
}: {
  title: string;
  days: string[];
  values: number[];
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    void import('uplot').then(({ default: UPlot }) => {
      const element = box.current;
      if (gone || !element) return;
      const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
      chart = new UPlot(
        {
          width: Math.max(200, element.clientWidth),
          height: 140,
          legend: { show: false },
          cursor: { show: true, drag: { x: false, y: false } },
          scales: { x: { time: true } },
          axes: [{ stroke: '#495057' }, { stroke: '#495057', size: 56 }],
          series: [{}, { label: title, stroke: '#0a58ca', width: 2, fill: 'rgba(10, 88, 202, 0.08)' }],
        },
        [xs, values],
        element,
      );
      observer = new ResizeObserver(() =>
        chart?.setSize({ width: Math.max(200, element.clientWidth), height: 140 }),
      );
      observer.observe(element);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [title, days, values]);
  return (
    <figure className="card mb-0 h-100">
      <figcaption className="card-header py-1 small fw-semibold">{title}</figcaption>
      <div className="card-body p-1" ref={box} aria-hidden="true" />
    </figure>
  );
}
