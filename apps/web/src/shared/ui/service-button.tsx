import type { CustomerService } from '@khela/contract';
import { Headset } from 'lucide-react';
import { buttonClass } from './button';
import { openCustomerService, preloadCsDecoder } from './customer-service';

/** The entry a "contact customer service" button opens: live chat first, else the first entry. */
export const pickServiceEntry = (entries: CustomerService[]) =>
  entries.find((entry) => entry.csType === 'LIVECHAT') ?? entries[0];

/** A button that opens a customer-service entry in the 440 x 750 service window. */
export const ServiceButton = ({
  entry,
  label,
  testId,
}: {
  entry: CustomerService | undefined;
  label: string;
  testId?: string;
}) => {
  if (!entry) return null;
  return (
    <button
      type="button"
      data-testid={testId}
      className={buttonClass('primary', 'lg')}
      onPointerEnter={() => void preloadCsDecoder()}
      onFocus={() => void preloadCsDecoder()}
      onClick={() => openCustomerService(entry)}
    >
      <Headset className="size-5" aria-hidden="true" />
      {label}
    </button>
  );
};
