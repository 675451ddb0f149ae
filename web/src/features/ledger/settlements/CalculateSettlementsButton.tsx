import { RefreshCw } from 'lucide-react';
import { Button } from '@/shared/ui/Button';

/** Spec §5 "Calculate Settlements": works out the fewest transfers again; busy while the server calculates. */
export function CalculateSettlementsButton({
  calculating,
  onCalculate,
}: {
  calculating: boolean;
  onCalculate: () => void;
}) {
  return (
    <Button variant="secondary" loading={calculating} loadingText="Calculating..." onClick={onCalculate}>
      <RefreshCw size={18} aria-hidden="true" /> Calculate Settlements
    </Button>
  );
}
