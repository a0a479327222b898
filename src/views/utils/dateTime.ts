/**
 * The one date formatter (spec §9: dd/MM/yyyy HH:mm, en-GB) lives in the contract, where the
 * views, the machines (invoices, subscription) and the server (invoice PDFs) all read it; the
 * views' import path stays.
 */
export { formatDateTime } from '../../../contract/dateTime';
