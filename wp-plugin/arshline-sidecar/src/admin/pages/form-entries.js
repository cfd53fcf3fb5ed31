/**
 * A form's Entries tab: its entries a page at a time (newest first),
 * filtered by status, Jalali days and words; marked read, starred or spam
 * and erased in bulk; one entry with what was typed and its normalised
 * form, its files, and its notifications with a retry for a failed one.
 * The state the parts share lives in the entries store (entries-store.js).
 *
 * Everything from a form or an answer reaches the page as text.
 */

import { createElement as h, Fragment, useEffect, useLayoutEffect, useRef, useState } from '@wordpress/element';
import { Button, CheckboxControl, Modal, SelectControl, Spinner, TextControl } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __, _n, _x, sprintf } from '@wordpress/i18n';

import { CallNotice } from '../call-notice';
import { formId, isFa } from '../config';
import { firstAnswer, readDay, sameValue } from '../entries-state';
import { store } from '../entries-store';
import { deliveryStatusLabel, fileSize, jalali, restUrl, submissionStatusLabel } from '../entry-text';
import { num } from '../i18n';
import { mount } from '../mount';
import { digits } from '../../public/jalali.js';
import { ready } from './ready';

const LIST_SEP = isFa ? '، ' : ', ';

function Filters() {
	const { filter, setNotice } = useDispatch( store );
	const [ draft, setDraft ] = useState( { status: '', from: '', to: '', q: '' } );
	const set = ( key ) => ( value ) => setDraft( Object.assign( {}, draft, { [ key ]: value } ) );
	function submit( event ) {
		event.preventDefault();
		const from = readDay( draft.from );
		const to = readDay( draft.to );
		if ( null === from || null === to ) {
			setNotice( { status: 'error', text: __( 'Write the days as YYYY/MM/DD, for example 1404/09/01.', 'arshline-sidecar' ) } );
			return;
		}
		filter( { status: draft.status, from, to, q: draft.q } );
	}
	const day = ( key, label, example ) =>
		h( TextControl, { label, value: draft[ key ], onChange: set( key ), dir: 'ltr', inputMode: 'numeric', maxLength: 10, placeholder: digits( example, isFa ), className: 'arsh-ent-' + key } );
	return h(
		'form',
		{ id: 'arsh-ent-filters', className: 'arsh-filters', onSubmit: submit, noValidate: true },
		h( SelectControl, {
			label: __( 'Status', 'arshline-sidecar' ),
			value: draft.status,
			onChange: set( 'status' ),
			className: 'arsh-ent-status',
			options: [
				{ value: '', label: __( 'All statuses', 'arshline-sidecar' ) },
				{ value: 'new', label: __( 'New', 'arshline-sidecar' ) },
				{ value: 'read', label: __( 'Read', 'arshline-sidecar' ) },
				{ value: 'starred', label: __( 'Starred', 'arshline-sidecar' ) },
				{ value: 'spam', label: __( 'Spam', 'arshline-sidecar' ) },
			],
		} ),
		day( 'from', __( 'From (Jalali, YYYY/MM/DD)', 'arshline-sidecar' ), '1404/09/01' ),
		day( 'to', __( 'To (Jalali, YYYY/MM/DD)', 'arshline-sidecar' ), '1404/09/30' ),
		h( TextControl, { label: __( 'Search the answers and tracking codes', 'arshline-sidecar' ), type: 'search', value: draft.q, onChange: set( 'q' ), maxLength: 200, className: 'arsh-ent-q' } ),
		h( 'p', null, h( Button, { variant: 'primary', type: 'submit', id: 'arsh-ent-show' }, __( 'Show entries', 'arshline-sidecar' ) ) )
	);
}

function Bulk() {
	const { all, busy, count } = useSelect( ( select ) => ( { all: select( store ).areAllSelected(), busy: select( store ).getBusy(), count: select( store ).getItems().length } ), [] );
	const { toggleAll, setStatus, confirmDelete } = useDispatch( store );
	const statusButton = ( id, status, label ) => h( Button, { id, variant: 'secondary', isBusy: busy === status, disabled: !! busy, onClick: () => setStatus( status ) }, label );
	return h(
		'div',
		{ className: 'arsh-bulk', role: 'group', 'aria-label': __( 'With the selected entries', 'arshline-sidecar' ) },
		h( CheckboxControl, { label: __( 'Select all entries on this page', 'arshline-sidecar' ), checked: all, disabled: ! count, onChange: toggleAll, className: 'arsh-ent-all' } ),
		statusButton( 'arsh-ent-read', 'read', __( 'Mark read', 'arshline-sidecar' ) ),
		statusButton( 'arsh-ent-star', 'starred', __( 'Star', 'arshline-sidecar' ) ),
		statusButton( 'arsh-ent-spam', 'spam', __( 'Mark as spam', 'arshline-sidecar' ) ),
		h( Button, { id: 'arsh-ent-delete', variant: 'secondary', isDestructive: true, isBusy: 'delete' === busy, disabled: !! busy, onClick: confirmDelete }, __( 'Delete', 'arshline-sidecar' ) )
	);
}

function Row( { s } ) {
	const picked = useSelect( ( select ) => select( store ).isSelected( s.id ), [ s.id ] );
	const { toggle, openEntry } = useDispatch( store );
	const code = s.tracking_code || String( s.id );
	const pick = 'arsh-ent-pick-' + s.id;
	return h(
		'tr',
		{ 'data-id': s.id, className: 'arsh-ent-' + s.status },
		h(
			'td',
			{ className: 'check-column' },
			h( 'input', { type: 'checkbox', id: pick, className: 'arsh-ent-pick', value: String( s.id ), checked: picked, onChange: ( e ) => toggle( s.id, e.target.checked ), 'aria-label': sprintf( __( 'Select entry %s', 'arshline-sidecar' ), code ) } )
		),
		// The tracking code is the checkbox's visible label.
		h( 'th', { scope: 'row' }, h( 'label', { htmlFor: pick }, h( 'span', { className: 'arsh-code', dir: 'ltr' }, code ) ) ),
		h( 'td', null, jalali( s.created_at ) ),
		h( 'td', { className: 'arsh-status' }, submissionStatusLabel( s.status ) ),
		h( 'td', { className: 'arsh-title' }, h( 'bdi', null, firstAnswer( s ) ) ),
		h( 'td', null, h( Button, { variant: 'secondary', isSmall: true, onClick: () => openEntry( s.id ), 'aria-label': sprintf( __( 'View entry %s', 'arshline-sidecar' ), code ) }, __( 'View', 'arshline-sidecar' ) ) )
	);
}

function Table() {
	const { items, loading } = useSelect( ( select ) => ( { items: select( store ).getItems(), loading: select( store ).isLoading() } ), [] );
	return h(
		'table',
		{ className: 'widefat striped', id: 'arsh-ent-table', 'aria-busy': loading ? 'true' : 'false' },
		h( 'caption', { className: 'screen-reader-text' }, __( 'Entries of the form, newest first', 'arshline-sidecar' ) ),
		h(
			'thead',
			null,
			h(
				'tr',
				null,
				h( 'td', { className: 'check-column' } ),
				h( 'th', { scope: 'col' }, __( 'Tracking code', 'arshline-sidecar' ) ),
				h( 'th', { scope: 'col' }, __( 'Received', 'arshline-sidecar' ) ),
				h( 'th', { scope: 'col' }, __( 'Status', 'arshline-sidecar' ) ),
				h( 'th', { scope: 'col' }, __( 'First answer', 'arshline-sidecar' ) ),
				h( 'th', { scope: 'col' }, __( 'Actions', 'arshline-sidecar' ) )
			)
		),
		h(
			'tbody',
			{ id: 'arsh-ent-body' },
			items.length
				? items.map( ( s ) => h( Row, { key: s.id, s } ) )
				: h( 'tr', null, h( 'td', { colSpan: 6 }, loading ? __( 'Loading entries…', 'arshline-sidecar' ) : __( 'No entries match.', 'arshline-sidecar' ) ) )
		)
	);
}

function Pager() {
	const { newer, older, loading } = useSelect( ( select ) => ( { newer: select( store ).hasNewer(), older: select( store ).hasOlder(), loading: select( store ).isLoading() } ), [] );
	const { showNewer, showOlder } = useDispatch( store );
	return h(
		'p',
		{ className: 'arsh-pager' },
		h( Button, { id: 'arsh-ent-newer', variant: 'secondary', disabled: ! newer || loading, onClick: showNewer }, __( 'Newer entries', 'arshline-sidecar' ) ),
		h( Button, { id: 'arsh-ent-older', variant: 'secondary', disabled: ! older || loading, onClick: showOlder }, __( 'Older entries', 'arshline-sidecar' ) ),
		loading ? h( Spinner ) : null
	);
}

function optionLabel( field, value ) {
	const options = ( field && field.options ) || [];
	for ( let i = 0; i < options.length; i++ ) {
		if ( options[ i ].value === value ) {
			return options[ i ].label;
		}
	}
	return String( value );
}

/** One uploaded file: a thumbnail for an image, its name as a download link, its size and type. */
function FileItem( { f, entryId } ) {
	const id = f && f.upload_id ? String( f.upload_id ) : '';
	const name = ( f && f.name ) || id;
	const href = restUrl( '/arshline/v1/forms/' + formId + '/submissions/' + entryId + '/files/' + encodeURIComponent( id ) );
	const facts = [];
	if ( f && 'number' === typeof f.size ) {
		facts.push( fileSize( f.size ) );
	}
	if ( f && f.mime ) {
		facts.push( f.mime );
	}
	// An image is shown small, through the same authenticated route the
	// download uses (served with its sniffed type).
	const image = f && /^image\/(png|jpeg|gif|webp)$/.test( f.mime || '' );
	return h(
		'li',
		null,
		image ? h( 'img', { className: 'arsh-file-thumb', src: href, alt: '', loading: 'lazy', width: 64, height: 64 } ) : null,
		h( 'a', { href, download: '' }, h( 'bdi', null, name ) ),
		facts.length ? h( Fragment, null, ' ', h( 'span', { className: 'arsh-file-facts' }, '(', h( 'bdi', null, facts.join( LIST_SEP ) ), ')' ) ) : null
	);
}

/** An answer's value: text, the labels of chosen options, a matrix's rows, or the files. */
function Value( { field, answer, value, entryId } ) {
	const type = answer.type || ( field && field.type );
	if ( null === value || undefined === value ) {
		return null;
	}
	if ( 'file' === type && Array.isArray( value ) ) {
		return h( 'ul', { className: 'arsh-files' }, value.map( ( f, i ) => h( FileItem, { key: i, f, entryId } ) ) );
	}
	if ( ( 'radio' === type || 'select' === type ) && 'string' === typeof value ) {
		return h( 'bdi', null, optionLabel( field, value ) );
	}
	if ( Array.isArray( value ) ) {
		return h( 'bdi', null, value.map( ( v ) => ( 'checkbox' === type ? optionLabel( field, v ) : 'object' === typeof v ? JSON.stringify( v ) : String( v ) ) ).join( LIST_SEP ) );
	}
	if ( 'object' === typeof value ) {
		return h(
			'ul',
			{ className: 'arsh-matrix' },
			Object.keys( value ).map( ( row ) => h( 'li', { key: row }, h( 'bdi', null, row ), ': ', h( 'bdi', null, String( value[ row ] ) ) ) )
		);
	}
	if ( 'number' === typeof value ) {
		return num( value );
	}
	return h( 'bdi', null, String( value ) );
}

/**
 * The entry's notifications (texts and mails) and where each stands, with
 * a retry for a failed one. An entry the service says nothing of shows
 * nothing.
 */
function Deliveries( { entry } ) {
	const { notice, retrying } = useSelect( ( select ) => ( { notice: select( store ).getEntryNotice(), retrying: select( store ).getRetrying() } ), [] );
	const { retryDelivery } = useDispatch( store );
	if ( ! Array.isArray( entry.deliveries ) || ! entry.deliveries.length ) {
		return null;
	}
	return h(
		'div',
		{ id: 'arsh-ent-deliveries', className: 'arsh-deliveries' },
		h( 'h4', null, __( 'Notifications of this entry', 'arshline-sidecar' ) ),
		h( 'div', { className: 'arsh-msg' }, h( CallNotice, { notice } ) ),
		h(
			'table',
			{ className: 'widefat striped' },
			h(
				'thead',
				null,
				h(
					'tr',
					null,
					[
						__( 'Channel', 'arshline-sidecar' ),
						__( 'To', 'arshline-sidecar' ),
						__( 'Status', 'arshline-sidecar' ),
						__( 'Attempts', 'arshline-sidecar' ),
						__( 'Last error', 'arshline-sidecar' ),
						_x( 'Sent', 'when a delivery was sent', 'arshline-sidecar' ),
						__( 'Actions', 'arshline-sidecar' ),
					].map( ( t, i ) => h( 'th', { scope: 'col', key: i }, t ) )
				)
			),
			h(
				'tbody',
				null,
				entry.deliveries.map( ( d ) => {
					const busy = retrying.indexOf( Number( d.id ) ) >= 0;
					return h(
						'tr',
						{ key: d.id, 'data-delivery-id': d.id },
						h( 'td', null, 'sms' === d.channel ? __( 'Text message', 'arshline-sidecar' ) : __( 'Email', 'arshline-sidecar' ) ),
						h( 'td', { dir: 'ltr' }, h( 'bdi', null, d.to ) ),
						h( 'td', { className: 'arsh-delivery-' + d.status }, deliveryStatusLabel( d.status ) ),
						h( 'td', null, num( d.attempts || 0 ) ),
						h( 'td', null, h( 'bdi', null, d.last_error || '' ) ),
						h( 'td', null, d.sent_at ? jalali( d.sent_at ) : '—' ),
						h( 'td', null, 'failed' === d.status ? h( Button, { variant: 'secondary', isSmall: true, isBusy: busy, disabled: busy, onClick: () => retryDelivery( d.id ) }, __( 'Send again', 'arshline-sidecar' ) ) : null )
					);
				} )
			)
		)
	);
}

function Detail() {
	const { entry, opened } = useSelect( ( select ) => ( { entry: select( store ).getEntry(), opened: select( store ).getOpened() } ), [] );
	const { closeEntry } = useDispatch( store );
	const title = useRef( null );
	// Each opening moves focus to the entry's heading, before anything else runs.
	useLayoutEffect(
		function () {
			if ( title.current ) {
				title.current.focus();
			}
		},
		[ opened ]
	);
	if ( ! entry ) {
		return null;
	}
	const doc = ( entry.version && entry.version.state && entry.version.state.document ) || {};
	const fields = {};
	( doc.fields || [] ).forEach( ( f ) => {
		fields[ f.id ] = f;
	} );
	const meta = [
		sprintf( __( 'Tracking code: %s', 'arshline-sidecar' ), entry.tracking_code || '' ),
		sprintf( __( 'Received: %s', 'arshline-sidecar' ), jalali( entry.created_at ) ),
		sprintf( __( 'Status: %s', 'arshline-sidecar' ), submissionStatusLabel( entry.status ) ),
	];
	if ( entry.version ) {
		meta.push( sprintf( __( 'Form version %s', 'arshline-sidecar' ), num( entry.version.seq ) ) );
	}
	const answers = Array.isArray( entry.answers ) ? entry.answers : [];
	// Closed, focus goes back to the entry's row (or the list's heading when the row is gone).
	function close() {
		const back = document.querySelector( '#arsh-ent-body tr[data-id="' + Number( entry.id ) + '"] button' ) || document.getElementById( 'arsh-entries-title' );
		closeEntry();
		if ( back ) {
			back.focus();
		}
	}
	return h(
		'div',
		{ id: 'arsh-ent-detail', className: 'arsh-block' },
		h( 'h3', { id: 'arsh-ent-detail-title', tabIndex: -1, ref: title }, sprintf( __( 'Entry %s', 'arshline-sidecar' ), entry.tracking_code || num( entry.id ) ) ),
		h( 'p', { id: 'arsh-ent-detail-meta' }, meta.map( ( t, i ) => h( Fragment, { key: i }, i ? ' · ' : null, h( 'span', null, t ) ) ) ),
		h(
			'dl',
			{ id: 'arsh-ent-detail-list', className: 'arsh-answers' },
			answers.length
				? answers.map( ( a, i ) => {
						const field = fields[ a.field ];
						const typed = undefined !== a.typed && null !== a.typed;
						return h(
							Fragment,
							{ key: i },
							h( 'dt', null, h( 'bdi', null, field && field.label ? field.label : a.field ) ),
							h( 'dd', null, h( Value, { field, answer: a, value: typed ? a.typed : a.value, entryId: entry.id } ) ),
							typed && ! sameValue( a.typed, a.value )
								? h( 'dd', { className: 'arsh-normalised' }, __( 'Normalised:', 'arshline-sidecar' ) + ' ', h( Value, { field, answer: a, value: a.value, entryId: entry.id } ) )
								: null
						);
				  } )
				: h( 'dd', null, __( 'This entry has no answers.', 'arshline-sidecar' ) )
		),
		h( Deliveries, { entry } ),
		h( 'p', null, h( Button, { variant: 'secondary', onClick: close }, __( 'Close', 'arshline-sidecar' ) ) )
	);
}

function ConfirmDelete() {
	const { confirming, count } = useSelect( ( select ) => ( { confirming: select( store ).isConfirming(), count: select( store ).getSelected().length } ), [] );
	const { askDelete, erase } = useDispatch( store );
	if ( ! confirming ) {
		return null;
	}
	return h(
		Modal,
		{ title: __( 'Delete', 'arshline-sidecar' ), onRequestClose: () => askDelete( false ), className: 'arsh-ent-confirm' },
		h( 'p', null, sprintf( _n( 'Delete %s entry for good? Its answers and files cannot be brought back.', 'Delete %s entries for good? Their answers and files cannot be brought back.', count, 'arshline-sidecar' ), num( count ) ) ),
		h(
			'p',
			{ className: 'arsh-bulk' },
			h( Button, { variant: 'secondary', onClick: () => askDelete( false ) }, __( 'Cancel', 'arshline-sidecar' ) ),
			h( Button, { variant: 'primary', isDestructive: true, onClick: erase }, __( 'Delete for good', 'arshline-sidecar' ) )
		)
	);
}

function Messages() {
	const notice = useSelect( ( select ) => select( store ).getNotice(), [] );
	const { loadPage, openEntry } = useDispatch( store );
	const again = notice && 'page' === notice.again ? loadPage : notice && 'entry' === notice.again ? () => openEntry( notice.id ) : null;
	return h( 'div', { id: 'arsh-ent-msg', className: 'arsh-msg' }, h( CallNotice, { notice, onRetry: again } ) );
}

function Entries() {
	const { loadPage } = useDispatch( store );
	useEffect( function () {
		loadPage();
	}, [] );
	return h(
		'section',
		{ id: 'arsh-entries', 'aria-labelledby': 'arsh-entries-title' },
		h( 'h2', { id: 'arsh-entries-title', tabIndex: -1 }, __( 'Entries', 'arshline-sidecar' ) ),
		h( Filters ),
		h( Messages ),
		h( Bulk ),
		h( Table ),
		h( Pager ),
		h( Detail ),
		h( ConfirmDelete )
	);
}

ready( function () {
	mount( 'arsh-form-entries-root', Entries );
} );
