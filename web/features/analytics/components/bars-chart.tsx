import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

export interface BarSeries {
  key: string;
  name: string;
  color: string;
}

interface BarsChartProps {
  data: readonly Record<string, string | number | null>[];
  /** The field that names each row (drawn down the side). */
  category: string;
  series: readonly BarSeries[];
  /** Width kept for the category names. */
  labelWidth?: number;
}

/**
 * Horizontal bars (Recharts): names down the side read at 375 px as at 1280. The chart is a
 * picture of the table under it, so it is hidden from screen readers and the keyboard; the table
 * is what they read.
 */
export function BarsChart({ data, category, series, labelWidth = 110 }: BarsChartProps) {
  const height = Math.max(160, data.length * (series.length > 1 ? 44 : 32) + 56);
  return (
    <div aria-hidden="true" className="w-full" style={{ height }}>
      <BarChart data={data as Record<string, unknown>[]} layout="vertical" responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" allowDecimals={false} tick={{ fill: '#475569', fontSize: 12 }} stroke="#94a3b8" />
        <YAxis type="category" dataKey={category} width={labelWidth} tick={{ fill: '#334155', fontSize: 12 }} stroke="#94a3b8" />
        <Tooltip cursor={{ fill: '#f1f5f9' }} />
        {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} /> : null}
        {series.map((one) => (
          <Bar key={one.key} dataKey={one.key} name={one.name} fill={one.color} radius={[0, 4, 4, 0]} isAnimationActive={false} />
        ))}
      </BarChart>
    </div>
  );
}

/** The brand's chart colours (contrast ≥ 3:1 on white for each bar). */
export const CHART_COLORS = { primary: '#1d4ed8', secondary: '#0f766e', tertiary: '#b45309', muted: '#64748b' } as const;
