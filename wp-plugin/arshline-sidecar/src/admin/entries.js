/**
 * A form's entries: a page of them at a time (newest first), filters by
 * status, Jalali days and words, marking and erasing in bulk, and one entry
 * with every answer under the labels of the version it answered.
 *
 * Everything from a form or an answer reaches the page as text.
 */

import { __, _n, _x, sprintf } from '@wordpress/i18n';

import { call } from './api';
import { $, el, bdi, clear, show, message, showError, busy } from './dom';
import { isFa, formId as fixedForm } from './config';
import { num } from './i18n';

const cfg = window.arshlineSidecar || {};

const jalaliFormat = new Intl.DateTimeFormat( isFa ? 'fa-IR-u-ca-persian' : 'en-US-u-ca-persian', {
	dateStyle: 'medium',
	timeStyle: 'short',
	timeZone: 'Asia/Tehran',
} );

/** A time the daemon gave (RFC 3339) in the Jalali calendar, Iran time. */
export function jalali( iso ) {
	var d = new Date( iso );
	return isNaN( d.getTime() ) ? String( iso || '' ) : jalaliFormat.format( d );
}

/** Persian and Arabic-Indic digits as Latin ones. */
export function latinDigits( text ) {
	return String( text || '' ).replace( /[\u06F0-\u06F9\u0660-\u0669]/g, function ( c ) {
		var code = c.charCodeAt( 0 );
		return String( code >= 0x06f0 ? code - 0x06f0 : code - 0x0660 );
	} );
}

/**
 * A day typed in a filter: '' when empty, the day with Latin digits when it
 * looks like YYYY/MM/DD (Jalali or Gregorian; the daemon tells them apart),
 * null when it does not.
 */
export function readDay( input ) {
	var text = latinDigits( input.value ).trim();
	if ( '' === text ) {
		return '';
	}
	return /^\d{4}[\/-]\d{1,2}[\/-]\d{1,2}$/.test( text ) ? text : null;
}

/** A URL of a REST route for a link (a download), with the wp_rest nonce. */
export function restUrl( path, params ) {
	var rest = cfg.rest || {};
	var root = String( rest.root || '/wp-json/' );
	var query = new URLSearchParams( params || {} );
	query.set( '_wpnonce', rest.nonce || '' );
	var url = root.replace( /\/$/, '' ) + path;
	if ( root.indexOf( '?' ) >= 0 ) {
		// Plain permalinks: ?rest_route=/… carries the route.
		url = root + path.replace( /^\//, '' );
	}
	return url + ( url.indexOf( '?' ) >= 0 ? '&' : '?' ) + query.toString();
}

let formsPromise = null;
let formsAt = 0;

/** Fills a form picker with the site's forms (asked for again after 15 s: forms come and go). */
export function fillFormSelect( select, selected ) {
	if ( ! select || 'SELECT' !== select.tagName ) {
		// A form's own tab: its form is fixed.
		return Promise.resolve();
	}
	if ( ! formsPromise || Date.now() - formsAt > 15000 ) {
		formsAt = Date.now();
		formsPromise = call( { path: '/arshline/v1/forms?limit=200' } ).then( function ( r ) {
			return r.ok ? ( Array.isArray( r.body ) ? r.body : r.body.forms || [] ) : [];
		} );
	}
	return formsPromise.then( function ( forms ) {
		var current = selected ? String( selected ) : select.value;
		clear( select );
		select.appendChild( el( 'option', { value: '', text: __( 'Choose a form', 'arshline-sidecar' ) } ) );
		forms.forEach( function ( form ) {
			select.appendChild( el( 'option', { value: String( form.id ), text: sprintf( __( 'Form %1$s: %2$s', 'arshline-sidecar' ), num( form.id ), form.title ) } ) );
		} );
		if ( current && ! select.querySelector( 'option[value="' + CSS.escape( current ) + '"]' ) ) {
			select.appendChild( el( 'option', { value: current, text: sprintf( __( 'Form %s', 'arshline-sidecar' ), num( current ) ) } ) );
		}
		select.value = current || '';
	} );
}

export function submissionStatusLabel( status ) {
	return (
		{
			new: __( 'New', 'arshline-sidecar' ),
			read: __( 'Read', 'arshline-sidecar' ),
			starred: __( 'Starred', 'arshline-sidecar' ),
			spam: __( 'Spam', 'arshline-sidecar' ),
		}[ status ] || status
	);
}

const view = {
	formId: 0,
	// before_id of each page shown so far; the last is the current page's.
	pages: [ 0 ],
	next: 0,
	items: [],
	filters: {},
};

const PAGE = 25;

/** Shows the entries of a form (the #entries/ID route). */
export function openEntries( formId, focus ) {
	view.formId = Number( formId ) || 0;
	view.pages = [ 0 ];
	fillFormSelect( $( 'arsh-ent-form' ), view.formId || '' );
	show( $( 'arsh-ent-detail' ), false );
	if ( focus ) {
		$( 'arsh-entries-title' ).focus();
	}
	if ( view.formId ) {
		readFilters();
		loadPage();
	}
}

function readFilters() {
	var from = readDay( $( 'arsh-ent-from' ) );
	var to = readDay( $( 'arsh-ent-to' ) );
	if ( null === from || null === to ) {
		message( $( 'arsh-ent-msg' ), 'error', __( 'Write the days as YYYY/MM/DD, for example 1404/09/01.', 'arshline-sidecar' ) );
		return false;
	}
	view.filters = { status: $( 'arsh-ent-status' ).value, from: from, to: to, q: $( 'arsh-ent-q' ).value.trim() };
	return true;
}

export function onEntriesFilter( event ) {
	event.preventDefault();
	var id = Number( $( 'arsh-ent-form' ).value ) || 0;
	if ( ! id ) {
		message( $( 'arsh-ent-msg' ), 'error', __( 'Choose a form first.', 'arshline-sidecar' ) );
		return;
	}
	if ( ! readFilters() ) {
		return;
	}
	if ( ! fixedForm && '#entries/' + id !== window.location.hash ) {
		window.location.hash = '#entries/' + id;
		return;
	}
	view.formId = id;
	view.pages = [ 0 ];
	loadPage();
}

function loadPage() {
	var box = $( 'arsh-ent-msg' );
	var query = new URLSearchParams( { limit: String( PAGE ) } );
	var before = view.pages[ view.pages.length - 1 ];
	if ( before ) {
		query.set( 'before_id', String( before ) );
	}
	Object.keys( view.filters ).forEach( function ( key ) {
		if ( view.filters[ key ] ) {
			query.set( key, view.filters[ key ] );
		}
	} );
	message( box, 'info', __( 'Loading entries…', 'arshline-sidecar' ) );
	return call( { path: '/arshline/v1/forms/' + view.formId + '/submissions?' + query.toString() } ).then( function ( r ) {
		if ( ! r.ok ) {
			showError( box, r, loadPage );
			return;
		}
		message( box, 'info', '' );
		view.items = r.body.items || [];
		view.next = r.body.next_before_id || 0;
		renderTable();
	} );
}

function firstAnswer( submission ) {
	var answers = Array.isArray( submission.answers ) ? submission.answers : [];
	for ( var i = 0; i < answers.length; i++ ) {
		var a = answers[ i ];
		if ( 'string' === typeof a.value && '' !== a.value ) {
			return a.value.length > 80 ? a.value.slice( 0, 80 ) + '…' : a.value;
		}
	}
	return '';
}

function renderTable() {
	var body = $( 'arsh-ent-body' );
	clear( body );
	$( 'arsh-ent-all' ).checked = false;
	if ( ! view.items.length ) {
		body.appendChild( el( 'tr', {}, [ el( 'td', { colspan: 6, text: __( 'No entries match.', 'arshline-sidecar' ) } ) ] ) );
	}
	view.items.forEach( function ( s ) {
		var code = s.tracking_code || String( s.id );
		var open = el( 'button', {
			type: 'button',
			className: 'button button-small',
			text: __( 'View', 'arshline-sidecar' ),
			'aria-label': sprintf( __( 'View entry %s', 'arshline-sidecar' ), code ),
			on: {
				click: function () {
					openEntry( s.id );
				},
			},
		} );
		body.appendChild(
			el( 'tr', { 'data-id': s.id, className: 'arsh-ent-' + s.status }, [
				el( 'th', { scope: 'row', className: 'check-column' }, [ el( 'input', { type: 'checkbox', className: 'arsh-ent-pick', value: String( s.id ), 'aria-label': sprintf( __( 'Select entry %s', 'arshline-sidecar' ), code ) } ) ] ),
				el( 'td', { dir: 'ltr', className: 'arsh-code', text: code } ),
				el( 'td', { text: jalali( s.created_at ) } ),
				el( 'td', { className: 'arsh-status', text: submissionStatusLabel( s.status ) } ),
				el( 'td', { className: 'arsh-title' }, [ bdi( firstAnswer( s ) ) ] ),
				el( 'td', {}, [ open ] ),
			] )
		);
	} );
	$( 'arsh-ent-newer' ).disabled = view.pages.length < 2;
	$( 'arsh-ent-older' ).disabled = ! view.next;
}

export function onOlder() {
	if ( view.next ) {
		view.pages.push( view.next );
		loadPage();
	}
}

export function onNewer() {
	if ( view.pages.length > 1 ) {
		view.pages.pop();
		loadPage();
	}
}

export function onSelectAll( event ) {
	document.querySelectorAll( '#arsh-ent-body .arsh-ent-pick' ).forEach( function ( box ) {
		box.checked = event.target.checked;
	} );
}

function selectedIds() {
	var ids = [];
	document.querySelectorAll( '#arsh-ent-body .arsh-ent-pick:checked' ).forEach( function ( box ) {
		ids.push( Number( box.value ) );
	} );
	return ids;
}

export function onBulkStatus( event ) {
	var button = event.currentTarget;
	var ids = selectedIds();
	var box = $( 'arsh-ent-msg' );
	if ( ! ids.length ) {
		message( box, 'error', __( 'Select at least one entry.', 'arshline-sidecar' ) );
		return;
	}
	busy( button, true );
	call( { path: '/arshline/v1/forms/' + view.formId + '/submissions/status', method: 'POST', data: { ids: ids, status: button.getAttribute( 'data-status' ) } } ).then( function ( r ) {
		busy( button, false );
		if ( ! r.ok ) {
			showError( box, r );
			return;
		}
		var n = r.body.updated || 0;
		loadPage().then( function () {
			message( box, 'success', sprintf( _n( '%s entry was updated.', '%s entries were updated.', n, 'arshline-sidecar' ), num( n ) ) );
		} );
	} );
}

/** Asks before erasing; resolves true when the person confirmed. */
function confirmDelete( count ) {
	var text = sprintf( _n( 'Delete %s entry for good? Its answers and files cannot be brought back.', 'Delete %s entries for good? Their answers and files cannot be brought back.', count, 'arshline-sidecar' ), num( count ) );
	var dialog = $( 'arsh-ent-confirm' );
	if ( ! dialog || 'function' !== typeof dialog.showModal ) {
		return Promise.resolve( window.confirm( text ) ); // eslint-disable-line no-alert
	}
	$( 'arsh-ent-confirm-text' ).textContent = text;
	dialog.returnValue = '';
	return new Promise( function ( resolve ) {
		dialog.addEventListener(
			'close',
			function () {
				resolve( 'delete' === dialog.returnValue );
			},
			{ once: true }
		);
		dialog.showModal();
	} );
}

export function onBulkDelete() {
	var ids = selectedIds();
	var box = $( 'arsh-ent-msg' );
	var button = $( 'arsh-ent-delete' );
	if ( ! ids.length ) {
		message( box, 'error', __( 'Select at least one entry.', 'arshline-sidecar' ) );
		return;
	}
	confirmDelete( ids.length ).then( function ( yes ) {
		if ( ! yes ) {
			button.focus();
			return;
		}
		busy( button, true );
		call( { path: '/arshline/v1/forms/' + view.formId + '/submissions/delete', method: 'POST', data: { ids: ids } } ).then( function ( r ) {
			busy( button, false );
			if ( ! r.ok ) {
				showError( box, r );
				return;
			}
			var n = r.body.deleted || 0;
			show( $( 'arsh-ent-detail' ), false );
			loadPage().then( function () {
				message( box, 'success', sprintf( _n( '%s entry was deleted.', '%s entries were deleted.', n, 'arshline-sidecar' ), num( n ) ) );
			} );
		} );
	} );
}

function optionLabel( field, value ) {
	var options = ( field && field.options ) || [];
	for ( var i = 0; i < options.length; i++ ) {
		if ( options[ i ].value === value ) {
			return options[ i ].label;
		}
	}
	return String( value );
}

/** Bytes as the admin reads them: 812 bytes, 14.2 KB, 3.1 MB. */
function fileSize( bytes ) {
	if ( bytes < 1024 ) {
		/* translators: %s: a number of bytes */
		return sprintf( __( '%s bytes', 'arshline-sidecar' ), num( bytes ) );
	}
	if ( bytes < 1024 * 1024 ) {
		/* translators: %s: a size in kilobytes */
		return sprintf( __( '%s KB', 'arshline-sidecar' ), num( Math.round( bytes / 102.4 ) / 10 ) );
	}
	/* translators: %s: a size in megabytes */
	return sprintf( __( '%s MB', 'arshline-sidecar' ), num( Math.round( bytes / 104857.6 ) / 10 ) );
}

/** An answer's value as nodes: text, or download links for files (name, size, type, a thumbnail for an image). */
function valueNodes( field, answer, value, submissionId ) {
	var type = answer.type || ( field && field.type );
	if ( null === value || undefined === value ) {
		return [ '' ];
	}
	if ( 'file' === type && Array.isArray( value ) ) {
		var list = el( 'ul', { className: 'arsh-files' } );
		value.forEach( function ( f ) {
			var id = f && f.upload_id ? String( f.upload_id ) : '';
			var name = ( f && f.name ) || id;
			var href = restUrl( '/arshline/v1/forms/' + view.formId + '/submissions/' + submissionId + '/files/' + encodeURIComponent( id ) );
			var facts = [];
			if ( f && 'number' === typeof f.size ) {
				facts.push( fileSize( f.size ) );
			}
			if ( f && f.mime ) {
				facts.push( f.mime );
			}
			var item = [];
			// An image is shown small, through the same authenticated route
			// the download uses (served with its sniffed type).
			if ( f && /^image\/(png|jpeg|gif|webp)$/.test( f.mime || '' ) ) {
				item.push( el( 'img', { className: 'arsh-file-thumb', src: href, alt: '', loading: 'lazy', width: 64, height: 64 } ) );
			}
			item.push( el( 'a', { href: href, download: '' }, [ bdi( name ) ] ) );
			if ( facts.length ) {
				item.push( ' ', el( 'span', { className: 'arsh-file-facts' }, [ '(', bdi( facts.join( isFa ? '، ' : ', ' ) ), ')' ] ) );
			}
			list.appendChild( el( 'li', {}, item ) );
		} );
		return [ list ];
	}
	if ( ( 'radio' === type || 'select' === type ) && 'string' === typeof value ) {
		return [ bdi( optionLabel( field, value ) ) ];
	}
	if ( Array.isArray( value ) ) {
		return [
			bdi(
				value
					.map( function ( v ) {
						return 'checkbox' === type ? optionLabel( field, v ) : 'object' === typeof v ? JSON.stringify( v ) : String( v );
					} )
					.join( isFa ? '، ' : ', ' )
			),
		];
	}
	if ( 'object' === typeof value ) {
		var rows = el( 'ul', { className: 'arsh-matrix' } );
		Object.keys( value ).forEach( function ( row ) {
			rows.appendChild( el( 'li', {}, [ bdi( row ), ': ', bdi( String( value[ row ] ) ) ] ) );
		} );
		return [ rows ];
	}
	if ( 'number' === typeof value ) {
		return [ num( value ) ];
	}
	return [ bdi( String( value ) ) ];
}

function sameValue( a, b ) {
	return JSON.stringify( a ) === JSON.stringify( b );
}

function openEntry( id ) {
	var box = $( 'arsh-ent-msg' );
	call( { path: '/arshline/v1/forms/' + view.formId + '/submissions/' + id } ).then( function ( r ) {
		if ( ! r.ok ) {
			showError( box, r, function () {
				openEntry( id );
			} );
			return;
		}
		renderEntry( r.body );
	} );
}

function renderEntry( entry ) {
	var doc = ( entry.version && entry.version.state && entry.version.state.document ) || {};
	var fields = {};
	( doc.fields || [] ).forEach( function ( f ) {
		fields[ f.id ] = f;
	} );
	$( 'arsh-ent-detail-title' ).textContent = sprintf( __( 'Entry %s', 'arshline-sidecar' ), entry.tracking_code || num( entry.id ) );
	var meta = $( 'arsh-ent-detail-meta' );
	clear( meta );
	meta.appendChild( el( 'span', { text: sprintf( __( 'Tracking code: %s', 'arshline-sidecar' ), entry.tracking_code || '' ) } ) );
	meta.appendChild( document.createTextNode( ' · ' ) );
	meta.appendChild( el( 'span', { text: sprintf( __( 'Received: %s', 'arshline-sidecar' ), jalali( entry.created_at ) ) } ) );
	meta.appendChild( document.createTextNode( ' · ' ) );
	meta.appendChild( el( 'span', { text: sprintf( __( 'Status: %s', 'arshline-sidecar' ), submissionStatusLabel( entry.status ) ) } ) );
	if ( entry.version ) {
		meta.appendChild( document.createTextNode( ' · ' ) );
		meta.appendChild( el( 'span', { text: sprintf( __( 'Form version %s', 'arshline-sidecar' ), num( entry.version.seq ) ) } ) );
	}
	var list = $( 'arsh-ent-detail-list' );
	clear( list );
	var answers = Array.isArray( entry.answers ) ? entry.answers : [];
	if ( ! answers.length ) {
		list.appendChild( el( 'dd', { text: __( 'This entry has no answers.', 'arshline-sidecar' ) } ) );
	}
	answers.forEach( function ( a ) {
		var field = fields[ a.field ];
		var typed = undefined !== a.typed && null !== a.typed;
		list.appendChild( el( 'dt', {}, [ bdi( field && field.label ? field.label : a.field ) ] ) );
		list.appendChild( el( 'dd', {}, valueNodes( field, a, typed ? a.typed : a.value, entry.id ) ) );
		if ( typed && ! sameValue( a.typed, a.value ) ) {
			list.appendChild( el( 'dd', { className: 'arsh-normalised' }, [ __( 'Normalised:', 'arshline-sidecar' ) + ' ' ].concat( valueNodes( field, a, a.value, entry.id ) ) ) );
		}
	} );
	renderDeliveries( entry );
	show( $( 'arsh-ent-detail' ), true );
	$( 'arsh-ent-detail-title' ).focus();
}

export function deliveryStatusLabel( status ) {
	return (
		{
			pending: __( 'Waiting', 'arshline-sidecar' ),
			sent: _x( 'Sent', 'a delivery\'s status', 'arshline-sidecar' ),
			failed: __( 'Failed', 'arshline-sidecar' ),
			retrying: __( 'Retrying', 'arshline-sidecar' ),
		}[ status ] || status
	);
}

/**
 * The entry's notifications (texts and mails) and where each stands, with
 * a retry for a failed one. An entry the service says nothing of shows
 * nothing.
 */
function renderDeliveries( entry ) {
	var old = $( 'arsh-ent-deliveries' );
	if ( old ) {
		old.parentNode.removeChild( old );
	}
	if ( ! Array.isArray( entry.deliveries ) || ! entry.deliveries.length ) {
		return;
	}
	var box = el( 'div', { className: 'arsh-msg', 'aria-live': 'polite' } );
	var body = el( 'tbody' );
	entry.deliveries.forEach( function ( d ) {
		var action = '';
		if ( 'failed' === d.status ) {
			action = el( 'button', { type: 'button', className: 'button button-small', text: __( 'Send again', 'arshline-sidecar' ) } );
			action.addEventListener( 'click', function () {
				busy( action, true );
				call( { path: '/arshline/v1/submissions/deliveries/' + Number( d.id ) + '/retry', method: 'POST' } ).then( function ( r ) {
					busy( action, false );
					if ( ! r.ok ) {
						showError( box, r );
						return;
					}
					message( box, 'success', __( 'It will be sent again.', 'arshline-sidecar' ) );
					openEntry( entry.id );
				} );
			} );
		}
		body.appendChild(
			el( 'tr', {}, [
				el( 'td', { text: 'sms' === d.channel ? __( 'Text message', 'arshline-sidecar' ) : __( 'Email', 'arshline-sidecar' ) } ),
				el( 'td', { dir: 'ltr' }, [ bdi( d.to ) ] ),
				el( 'td', { className: 'arsh-delivery-' + d.status, text: deliveryStatusLabel( d.status ) } ),
				el( 'td', { text: num( d.attempts || 0 ) } ),
				el( 'td', {}, [ bdi( d.last_error || '' ) ] ),
				el( 'td', { text: d.sent_at ? jalali( d.sent_at ) : '—' } ),
				el( 'td', {}, [ action ] ),
			] )
		);
	} );
	var head = el( 'tr', {}, [
		__( 'Channel', 'arshline-sidecar' ),
		__( 'To', 'arshline-sidecar' ),
		__( 'Status', 'arshline-sidecar' ),
		__( 'Attempts', 'arshline-sidecar' ),
		__( 'Last error', 'arshline-sidecar' ),
		_x( 'Sent', 'when a delivery was sent', 'arshline-sidecar' ),
		__( 'Actions', 'arshline-sidecar' ),
	].map( function ( t ) {
		return el( 'th', { scope: 'col', text: t } );
	} ) );
	var section = el( 'div', { id: 'arsh-ent-deliveries', className: 'arsh-deliveries' }, [
		el( 'h4', { text: __( 'Notifications of this entry', 'arshline-sidecar' ) } ),
		box,
		el( 'table', { className: 'widefat striped' }, [ el( 'thead', {}, [ head ] ), body ] ),
	] );
	$( 'arsh-ent-detail' ).appendChild( section );
}
