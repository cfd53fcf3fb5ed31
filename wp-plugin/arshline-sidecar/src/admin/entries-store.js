/**
 * The Entries tab's store (@wordpress/data): the state of entries-state.js
 * and the calls that change it — a page of entries, bulk status and
 * erasure, one entry with its deliveries and their retry.
 */

import { createReduxStore, register } from '@wordpress/data';
import { __, _n, sprintf } from '@wordpress/i18n';

import { call } from './api';
import { failure } from './call-notice';
import { formId } from './config';
import { num } from './i18n';
import { actions as plain, reducer, selectors } from './entries-state';

export const STORE = 'arshline-sidecar/entries';

function base() {
	return '/arshline/v1/forms/' + formId + '/submissions';
}

/** Shows the current page; resolves true when it came. */
const loadPage =
	() =>
	async ( { select, dispatch } ) => {
		dispatch( plain.pageRequested() );
		const seq = select.getSeq();
		const r = await call( { path: base() + '?' + select.listQuery() } );
		if ( ! r.ok ) {
			dispatch( plain.pageFailed( seq, Object.assign( failure( r ), { again: 'page' } ) ) );
			return false;
		}
		dispatch( plain.pageLoaded( seq, r.body.items || [], r.body.next_before_id || 0 ) );
		return true;
	};

const filter =
	( filters ) =>
	async ( { dispatch } ) => {
		dispatch( plain.applyFilters( filters ) );
		return dispatch( loadPage() );
	};

const showOlder =
	() =>
	async ( { select, dispatch } ) => {
		if ( select.hasOlder() ) {
			dispatch( plain.older() );
			await dispatch( loadPage() );
		}
	};

const showNewer =
	() =>
	async ( { select, dispatch } ) => {
		if ( select.hasNewer() ) {
			dispatch( plain.newer() );
			await dispatch( loadPage() );
		}
	};

function nothingSelected( dispatch ) {
	dispatch( plain.setNotice( { status: 'error', text: __( 'Select at least one entry.', 'arshline-sidecar' ) } ) );
}

/** Marks the selected entries read, starred or spam. */
const setStatus =
	( status ) =>
	async ( { select, dispatch } ) => {
		const ids = select.getSelected().slice();
		if ( ! ids.length ) {
			nothingSelected( dispatch );
			return;
		}
		dispatch( plain.setBusy( status ) );
		const r = await call( { path: base() + '/status', method: 'POST', data: { ids, status } } );
		dispatch( plain.setBusy( '' ) );
		if ( ! r.ok ) {
			dispatch( plain.setNotice( failure( r ) ) );
			return;
		}
		const n = r.body.updated || 0;
		dispatch( plain.statusSet( ids, status ) );
		if ( await dispatch( loadPage() ) ) {
			dispatch( plain.setNotice( { status: 'success', text: sprintf( _n( '%s entry was updated.', '%s entries were updated.', n, 'arshline-sidecar' ), num( n ) ) } ) );
		}
	};

/** Asks before erasing the selected entries. */
const confirmDelete =
	() =>
	( { select, dispatch } ) => {
		if ( ! select.getSelected().length ) {
			nothingSelected( dispatch );
			return;
		}
		dispatch( plain.askDelete( true ) );
	};

/** Erases the selected entries, once the admin confirmed. */
const erase =
	() =>
	async ( { select, dispatch } ) => {
		const ids = select.getSelected().slice();
		dispatch( plain.askDelete( false ) );
		if ( ! ids.length ) {
			return;
		}
		dispatch( plain.setBusy( 'delete' ) );
		const r = await call( { path: base() + '/delete', method: 'POST', data: { ids } } );
		dispatch( plain.setBusy( '' ) );
		if ( ! r.ok ) {
			dispatch( plain.setNotice( failure( r ) ) );
			return;
		}
		const n = r.body.deleted || 0;
		dispatch( plain.removed( ids ) );
		if ( await dispatch( loadPage() ) ) {
			dispatch( plain.setNotice( { status: 'success', text: sprintf( _n( '%s entry was deleted.', '%s entries were deleted.', n, 'arshline-sidecar' ), num( n ) ) } ) );
		}
	};

/** Opens one entry (again, to see where its deliveries stand now). */
const openEntry =
	( id ) =>
	async ( { dispatch } ) => {
		const r = await call( { path: base() + '/' + Number( id ) } );
		if ( ! r.ok ) {
			dispatch( plain.setNotice( Object.assign( failure( r ), { again: 'entry', id: Number( id ) } ) ) );
			return false;
		}
		dispatch( plain.entryOpened( r.body ) );
		return true;
	};

/** Sends a failed delivery of the opened entry again. */
const retryDelivery =
	( deliveryId ) =>
	async ( { select, dispatch } ) => {
		const entry = select.getEntry();
		dispatch( plain.retrying( deliveryId, true ) );
		const r = await call( { path: '/arshline/v1/submissions/deliveries/' + Number( deliveryId ) + '/retry', method: 'POST' } );
		dispatch( plain.retrying( deliveryId, false ) );
		if ( ! r.ok ) {
			dispatch( plain.setEntryNotice( failure( r ) ) );
			return;
		}
		if ( entry && ( await dispatch( openEntry( entry.id ) ) ) ) {
			dispatch( plain.setEntryNotice( { status: 'success', text: __( 'It will be sent again.', 'arshline-sidecar' ) } ) );
		}
	};

export const store = createReduxStore( STORE, {
	reducer,
	selectors,
	actions: Object.assign( {}, plain, { loadPage, filter, showOlder, showNewer, setStatus, confirmDelete, erase, openEntry, retryDelivery } ),
} );

register( store );
