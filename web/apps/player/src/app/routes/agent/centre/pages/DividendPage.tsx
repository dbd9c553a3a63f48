// Agent centre: the dividend bills (BillsPage).
import { BillsPage } from './BillsPage';

export default function DividendPage() {
  return <BillsPage type="dividend" />;
}
