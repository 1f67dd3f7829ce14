import type { Transaction } from '../../../../api/schemas/payment.ts'
import { ExternalLinkIcon } from '../../../components/icons.tsx'
import {
  formatDate,
  formatUsd,
  paymentTypeLabel,
  shortTransactionId,
  statusLabel,
  statusTone,
} from '../format.ts'
import styles from './transactions.module.css'

const COLUMNS = ['ID', 'Date', 'Payment Type', 'Amount', 'Payment Status', 'Receipt'] as const

/**
 * The transactions table (docs/product.md#dashboard): ID, Date, Payment Type, Amount, Payment
 * Status, Receipt. Below 768 px each row is a card whose cells carry their column name
 * (data-label), so nothing scrolls sideways on a phone.
 */
export function TransactionTable({ transactions }: { transactions: readonly Transaction[] }) {
  return (
    <table className={styles.table}>
      <caption className="sr-only">Your transactions</caption>
      <thead>
        <tr>
          {COLUMNS.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {transactions.map((t) => (
          <tr key={t._id} data-transaction={t._id}>
            <td data-label="ID" className={styles.id} title={t._id}>
              {shortTransactionId(t._id)}
            </td>
            <td data-label="Date">{formatDate(t.transaction_timestamp)}</td>
            <td data-label="Payment Type" className={styles.type}>
              {paymentTypeLabel(t.payment_type)}
            </td>
            <td data-label="Amount" className={styles.amount}>
              {formatUsd(t.transaction_amount_in_usd)}
            </td>
            <td data-label="Payment Status">
              <span className={styles.status} data-tone={statusTone(t.transaction_status)}>
                {statusLabel(t.transaction_status)}
              </span>
            </td>
            <td data-label="Receipt">
              {t.receipt_url ? (
                <a
                  href={t.receipt_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={styles.receipt}
                >
                  View receipt
                  <ExternalLinkIcon size={14} />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                <span className={styles.none}>—</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
