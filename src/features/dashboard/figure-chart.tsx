import '@mantine/charts/styles.css';
import type { NamedFigures } from '@contract/course-assignments/compliance';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';

/** Bars drawn at most; the table beside the chart lists every row. */
const MOST_BARS = 10;

const SERIES = [
  { name: 'Completed', color: 'teal.6' },
  { name: 'Overdue', color: 'red.6' },
  { name: 'Open', color: 'gray.5' },
];

/**
 * Completed, overdue and open (neither yet) courses of the rows with the most assigned, stacked.
 * The chart is a picture of the table that follows it, so it is hidden from assistive technology
 * and described by its caption.
 */
export function FigureChart({ rows, caption }: { rows: NamedFigures[]; caption: string }) {
  const data = [...rows]
    .sort((a, b) => b.assigned - a.assigned || a.name.localeCompare(b.name))
    .slice(0, MOST_BARS)
    .map((row) => ({
      name: row.name,
      Completed: row.completed,
      Overdue: row.overdue,
      Open: row.assigned - row.completed - row.overdue,
    }));
  return (
    <figure style={{ margin: 0 }}>
      <div aria-hidden>
        <BarChart
          h={Math.max(160, data.length * 32 + 60)}
          data={data}
          dataKey="name"
          type="stacked"
          orientation="vertical"
          yAxisProps={{ width: 140 }}
          series={SERIES}
          withLegend
          barChartProps={{ accessibilityLayer: false }}
        />
      </div>
      <Text component="figcaption" size="sm" c="dimmed" mt={4}>
        {caption}
      </Text>
    </figure>
  );
}
