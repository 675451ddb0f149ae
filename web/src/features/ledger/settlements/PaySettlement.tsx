import { Suspense, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Wallet } from 'lucide-react';
import { payOptions, type PayOption, type Settlement } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { lazyNamed } from '@/shared/lazyNamed';
import { queryKeys } from '@/shared/query/queryKeys';
import { buttonClassName, Button } from '@/shared/ui/Button';
import { DisclosureButton } from '@/shared/ui/DisclosureButton';
import { Notice } from '@/shared/ui/Notice';
import { LoadingState } from '@/shared/ui/Spinner';
import { tripQuery } from '@/features/trips';
import { useHomeMoney } from '../homeCurrency';
import { CopyLinkField } from '../invite-links/CopyLinkField';
import { ledgerApi } from '../ledgerApi';
import styles from './PaySettlement.module.css';

// The QR code library loads when a payee's options are first shown, not with the settlements.
const QRCodeSVG = lazyNamed(() => import('qrcode.react'), 'QRCodeSVG');
export const PAY_QR_SIZE = 176;

/**
 * "Pay {name}" on a pending transfer the caller pays: opened, it reads the payee's payment handles (members of the
 * trip only) and offers each way they take the trip's currency — links into the payment apps, and QR codes for a
 * bank transfer (EPC), Pix and UPI with a Copy of their text. Paying happens in those apps: Mark as Paid stays
 * beside it.
 */
export function PaySettlement({ tripId, settlement }: { tripId: string; settlement: Settlement }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // By first name, as people say it ("Pay Ana"); a guest's whole name is their first name.
  const name = settlement.payee.first_name;
  return (
    <div className={styles.pay}>
      <DisclosureButton
        open={open}
        aria-controls={panelId}
        icon={<Wallet size={18} aria-hidden="true" />}
        onClick={() => setOpen((shown) => !shown)}
      >
        Pay {name}
      </DisclosureButton>
      {open && (
        <div id={panelId} className={styles.panel}>
          <PayOptions tripId={tripId} settlement={settlement} name={name} />
        </div>
      )}
    </div>
  );
}

function PayOptions({ tripId, settlement, name }: { tripId: string; settlement: Settlement; name: string }) {
  const { home, money } = useHomeMoney();
  const payeeId = settlement.payee.user_id;
  const handles = useQuery({
    queryKey: queryKeys.paymentHandles(tripId, payeeId),
    queryFn: ({ signal }) => ledgerApi.paymentHandles(tripId, payeeId, signal),
  });
  // The trip's name goes into the reference; without it (a failed read) the reference is "Wayfare" alone.
  const trip = useQuery(tripQuery(tripId));
  if (handles.isPending || trip.isPending)
    return <LoadingState label={`Loading ${name}'s payment details`} />;
  if (handles.isError) {
    return (
      <>
        <Notice tone="error">
          {errorMessage(handles.error, `Failed to load ${name}'s payment details`)}
        </Notice>
        <Button variant="secondary" onClick={() => void handles.refetch()}>
          Try Again
        </Button>
      </>
    );
  }
  if (Object.keys(handles.data).length === 0) {
    return <p className={styles.text}>{name} has not added payment details yet.</p>;
  }
  const options = payOptions(handles.data, {
    amount_minor: settlement.amount_cents,
    currency: home,
    reference: trip.data ? `Wayfare · ${trip.data.trip_name}` : 'Wayfare',
    payee_name: [settlement.payee.first_name, settlement.payee.last_name].join(' ').trim(),
  });
  if (options.length === 0) {
    return (
      <p className={styles.text}>
        None of {name}'s payment details take {home}.
      </p>
    );
  }
  return (
    <>
      <p className={styles.text}>
        Pay {money(settlement.amount_cents)} to {name} in one of these, then Mark as Paid.
      </p>
      <ul className={styles.options} aria-label={`Ways to pay ${name}`}>
        {options.map((option) => (
          <li key={option.provider}>
            <PayOptionView option={option} />
          </li>
        ))}
      </ul>
    </>
  );
}

function PayOptionView({ option }: { option: PayOption }) {
  if (option.kind === 'link') {
    return (
      <a
        className={buttonClassName({ variant: 'secondary' })}
        href={option.url}
        target="_blank"
        rel="noopener"
      >
        Pay with {option.label} <ExternalLink size={16} aria-hidden="true" />
      </a>
    );
  }
  if (option.kind === 'copy') {
    return (
      <CopyLinkField
        label={option.label}
        name={`pay-${option.provider}`}
        url={option.text}
        hint={`Send the money to this account in ${option.label}.`}
        copyLabel="Copy"
        copiedText="Copied."
      />
    );
  }
  return (
    <figure className={styles.qrOption}>
      <figcaption className={styles.label}>{option.label}</figcaption>
      <div className={styles.qr} role="img" aria-label={`QR code: ${option.label}`}>
        <Suspense fallback={<span className={styles.qrPending} />}>
          <QRCodeSVG value={option.payload} size={PAY_QR_SIZE} marginSize={2} aria-hidden="true" />
        </Suspense>
      </div>
      <CopyLinkField
        label={`${option.label} code`}
        name={`pay-${option.provider}`}
        url={option.payload}
        hint="Scan it with your banking app, or copy it into one."
        copyLabel="Copy"
        copiedText="Copied."
      />
      {option.url && (
        <a
          className={buttonClassName({ variant: 'secondary' })}
          href={option.url}
          target="_blank"
          rel="noopener"
        >
          Open in a {option.label} app <ExternalLink size={16} aria-hidden="true" />
        </a>
      )}
    </figure>
  );
}
