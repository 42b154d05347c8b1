import { observer } from 'mobx-react-lite';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { EarningsBar, EarningsSeries } from '../../stores/earnings-store';
import { useStores } from '../../stores-context';
import { EARNINGS } from '../../texts/earnings-texts';
import { CHART_COLORS } from '../my-apps/RunsChart';

/** One colour per app, in each theme (SVG attributes, so not the stylesheet's variables). */
const SERIES_COLORS = {
  light: ['#2d72d2', '#238551', '#c87619', '#7961db', '#cd4246', '#147eb3', '#634dbf', '#935610'],
  dark: ['#4c90f0', '#32a467', '#ec9a3c', '#9881f3', '#e76a6e', '#3fa6da', '#bdadff', '#d99e0b'],
} as const;

/** Credits earned per day, one stacked bar per day with a part per app. */
export const EarningsChart = observer(function EarningsChart({
  bars,
  series,
}: {
  bars: EarningsBar[];
  series: EarningsSeries[];
}) {
  const theme = useStores().theme.theme;
  const colors = CHART_COLORS[theme];
  const palette = SERIES_COLORS[theme];
  const tick = { fontSize: 12, fill: colors.axis };
  return (
    <div className="earnings-chart" data-testid="earnings-chart" role="img" aria-label={EARNINGS.chartTitle}>
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={colors.grid} />
          <XAxis
            dataKey="label"
            tick={tick}
            stroke={colors.grid}
            interval="preserveStartEnd"
            minTickGap={12}
          />
          <YAxis allowDecimals={false} tick={tick} stroke={colors.grid} />
          <Tooltip
            cursor={{ fill: colors.cursor }}
            contentStyle={{ background: colors.tooltip, borderColor: colors.grid }}
          />
          {series.map((entry, index) => (
            <Bar
              key={entry.key}
              isAnimationActive={false}
              dataKey={entry.key}
              name={entry.name}
              stackId="earnings"
              fill={palette[index % palette.length]}
              maxBarSize={36}
            />
          ))}
          <Legend verticalAlign="top" height={28} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
});
