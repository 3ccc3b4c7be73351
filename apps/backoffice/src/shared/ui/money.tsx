import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../money';

/** A server decimal amount with its currency, grouped in the operator's language. */
export const Money = ({ value, currency }: { value: string; currency: string }) => {
  const { i18n } = useTranslation();
  return (
    <span className="whitespace-nowrap tabular-nums">
      {formatDecimal(value, i18n.language)} <span className="text-muted text-xs">{currency}</span>
    </span>
  );
};
