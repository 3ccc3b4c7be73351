import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { minorToChart } from './money-figures';

type Day = { day: string; deposits: string; withdrawals: string; bets: string; wins: string; ggr: string };

const COLORS = {
  deposits: '#10b981',
  withdrawals: '#ef4444',
  bets: '#0ea5e9',
  wins: '#f59e0b',
  ggr: '#8b5cf6',
};

/** Deposits and withdrawals as bars, bets, wins and GGR as lines, one point per day (major units). */
export const MoneyCharts = ({ days }: { days: Day[] }) => {
  const { t } = useTranslation('dashboard');
  const data = days.map((d) => ({
    day: d.day,
    deposits: minorToChart(d.deposits),
    withdrawals: minorToChart(d.withdrawals),
    bets: minorToChart(d.bets),
    wins: minorToChart(d.wins),
    ggr: minorToChart(d.ggr),
  }));
  const axis = { stroke: 'var(--muted)', fontSize: 12 };
  const tooltip = {
    contentStyle: { background: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--text)' },
  };
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-2" data-testid="money-charts">
      <div className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} {...axis} />
            <YAxis width={56} {...axis} />
            <Tooltip {...tooltip} />
            <Legend />
            <Bar dataKey="deposits" name={t('money.deposits')} fill={COLORS.deposits} />
            <Bar dataKey="withdrawals" name={t('money.withdrawals')} fill={COLORS.withdrawals} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} {...axis} />
            <YAxis width={56} {...axis} />
            <Tooltip {...tooltip} />
            <Legend />
            {(['bets', 'wins', 'ggr'] as const).map((key) => (
              <Line
                key={key}
                type="monotone"
                dataKey={key}
                name={t(`money.${key}`)}
                stroke={COLORS[key]}
                strokeWidth={2}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
};
