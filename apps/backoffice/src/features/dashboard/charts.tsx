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

type Day = { day: string; registrations: number; logins: number; active: number };

const COLORS = { registrations: '#0ea5e9', logins: '#f59e0b', active: '#10b981' };

/** Registrations as bars, logins and active members as lines, one point per day. */
export const DashboardCharts = ({ days }: { days: Day[] }) => {
  const { t } = useTranslation('dashboard');
  const axis = { stroke: 'var(--muted)', fontSize: 12 };
  const tooltip = {
    contentStyle: { background: 'var(--surface)', border: '1px solid var(--border)', color: 'var(--text)' },
  };
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-2" data-testid="dashboard-charts">
      <div className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} {...axis} />
            <YAxis allowDecimals={false} width={36} {...axis} />
            <Tooltip {...tooltip} />
            <Legend />
            <Bar dataKey="registrations" name={t('figure.registrations')} fill={COLORS.registrations} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={days}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} {...axis} />
            <YAxis allowDecimals={false} width={36} {...axis} />
            <Tooltip {...tooltip} />
            <Legend />
            <Line
              type="monotone"
              dataKey="logins"
              name={t('figure.logins')}
              stroke={COLORS.logins}
              strokeWidth={2}
            />
            <Line
              type="monotone"
              dataKey="active"
              name={t('figure.active')}
              stroke={COLORS.active}
              strokeWidth={2}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
};
