/**
 * The forms table (title, status, answers, last answer, shortcode and the
 * actions on a form) and the form choice of Hosha2.
 *
 * Renaming, publishing, moving to drafts, disabling, duplicating and
 * deleting run as arshline-plan/v2 plans through ai.execute, so that each
 * gets an undo token and an Undo button. Answer counts are asked for
 * lazily, only for the rows that come into view.
 */

import { __, sprintf } from '@wordpress/i18n';

import { call } from './api';
import { $, el, bdi, clear, message, showError, busy, openHash } from './dom';
import { num, dateFormat, statusLabel, stepSentence } from './i18n';
import { state } from './state';
import { pageUrl } from './config';

const answers = {};
let observer = null;

export function loadForms() {
	var box = $( 'arsh-forms-msg' ) || $( 'arsh-h2-msg' );
	return call( { path: '/arshline/v1/forms?limit=200' } ).then( function ( r ) {
		if ( ! r.ok ) {
			if ( box ) {
				showError( box, r, loadForms );
			}
			return;
		}
		if ( box && box.querySelector( '.notice-error' ) ) {
			// A failed load's message goes; what an action said stays.
			message( box, 'info', '' );
		}
		state.forms = Array.isArray( r.body ) ? r.body : r.body.forms || [];
		if ( $( 'arsh-forms-body' ) ) {
			renderForms();
		}
		renderFormSelect();
	} );
}

/** The shortcode of a form, with a button that copies it. */
export function shortcodeBox( formId ) {
	var code = '[arshline_form id="' + Number( formId ) + '"]';
	var text = el( 'code', { dir: 'ltr', className: 'arsh-shortcode', text: code } );
	var copy = el( 'button', { type: 'button', className: 'button button-small arsh-copy', text: __( 'Copy', 'arshline-sidecar' ), 'aria-label': sprintf( __( 'Copy the shortcode of form %s', 'arshline-sidecar' ), num( formId ) ) } );
	var status = el( 'span', { className: 'arsh-copied', role: 'status', 'aria-live': 'polite' } );
	copy.addEventListener( 'click', function () {
		copyText( code ).then( function ( ok ) {
			status.textContent = ok ? __( 'Copied.', 'arshline-sidecar' ) : __( 'Select the code and copy it.', 'arshline-sidecar' );
			window.setTimeout( function () {
				status.textContent = '';
			}, 3000 );
		} );
	} );
	return el( 'span', { className: 'arsh-shortcode-box' }, [ text, ' ', copy, ' ', status ] );
}

function copyText( text ) {
	if ( navigator.clipboard && window.isSecureContext ) {
		return navigator.clipboard.writeText( text ).then(
			function () {
				return true;
			},
			function () {
				return legacyCopy( text );
			}
		);
	}
	return Promise.resolve( legacyCopy( text ) );
}

function legacyCopy( text ) {
	var area = el( 'textarea', { readonly: true, className: 'screen-reader-text' } );
	area.value = text;
	document.body.appendChild( area );
	area.select();
	var ok = false;
	try {
		ok = document.execCommand( 'copy' );
	} catch ( e ) {
		ok = false;
	}
	document.body.removeChild( area );
	return ok;
}

/** {count, last_answer_at} of a form, asked for once per page view. */
export function answersInfo( formId, fresh ) {
	if ( ! fresh && answers[ formId ] ) {
		return answers[ formId ];
	}
	answers[ formId ] = call( { path: '/arshline/v1/forms/' + encodeURIComponent( formId ) + '/answers-info' } ).then( function ( r ) {
		if ( ! r.ok ) {
			delete answers[ formId ];
			return null;
		}
		return r.body;
	} );
	return answers[ formId ];
}

function fillAnswers( tr ) {
	var id = Number( tr.getAttribute( 'data-form-id' ) );
	var count = tr.querySelector( '.arsh-answer-count' );
	var last = tr.querySelector( '.arsh-last-answer' );
	answersInfo( id ).then( function ( info ) {
		if ( ! info ) {
			count.textContent = '?';
			return;
		}
		count.textContent = null === info.count || undefined === info.count ? '—' : num( info.count );
		tr.setAttribute( 'data-answers', String( info.count || 0 ) );
		tr.setAttribute( 'data-last', info.last_answer_at || '' );
		last.textContent = info.last_answer_at ? dateFormat.format( new Date( info.last_answer_at ) ) : '—';
	} );
}

/** Asks for the answers of the rows that come into view, not all at once. */
function watchRows( rows ) {
	if ( observer ) {
		observer.disconnect();
	}
	if ( ! ( 'IntersectionObserver' in window ) ) {
		rows.slice( 0, 20 ).forEach( fillAnswers );
		return;
	}
	observer = new window.IntersectionObserver( function ( entries ) {
		entries.forEach( function ( entry ) {
			if ( entry.isIntersecting ) {
				observer.unobserve( entry.target );
				fillAnswers( entry.target );
			}
		} );
	} );
	rows.forEach( function ( tr ) {
		observer.observe( tr );
	} );
}

function small( text, label, fn ) {
	var b = el( 'button', { type: 'button', className: 'button button-small', text: text, 'aria-label': label } );
	b.addEventListener( 'click', function () {
		fn( b );
	} );
	return b;
}

function renderForms() {
	var body = $( 'arsh-forms-body' );
	clear( body );
	if ( ! state.forms.length ) {
		body.appendChild( el( 'tr', {}, [ el( 'td', { colspan: 9, text: __( 'There are no forms yet.', 'arshline-sidecar' ) } ) ] ) );
	}
	var rows = [];
	state.forms.forEach( function ( form ) {
		var id = num( form.id );
		var actions = [
			small( __( 'Edit', 'arshline-sidecar' ), sprintf( __( 'Edit form %s in the builder', 'arshline-sidecar' ), id ), function () {
				goToBuilder( form.id );
			} ),
			small( __( 'Entries', 'arshline-sidecar' ), sprintf( __( 'Entries of form %s', 'arshline-sidecar' ), id ), function () {
				openHash( '#entries/' + Number( form.id ) );
			} ),
			small( __( 'Results', 'arshline-sidecar' ), sprintf( __( 'Results of form %s', 'arshline-sidecar' ), id ), function () {
				openHash( '#results/' + Number( form.id ) );
			} ),
			small( __( 'Rename', 'arshline-sidecar' ), sprintf( __( 'Rename form %s', 'arshline-sidecar' ), id ), function ( b ) {
				var title = window.prompt( __( 'New title of the form', 'arshline-sidecar' ), form.title );
				if ( null !== title && title.trim() && title.trim() !== form.title ) {
					act( b, 'update_form_title', form.id, { title: title.trim() } );
				}
			} ),
			small( __( 'Duplicate', 'arshline-sidecar' ), sprintf( __( 'Duplicate form %s', 'arshline-sidecar' ), id ), function ( b ) {
				act( b, 'duplicate_form', form.id, {} );
			} ),
		];
		if ( 'published' !== form.status ) {
			actions.push(
				small( __( 'Publish', 'arshline-sidecar' ), sprintf( __( 'Publish form %s', 'arshline-sidecar' ), id ), function ( b ) {
					act( b, 'publish_form', form.id, {} );
				} )
			);
		}
		if ( 'draft' !== form.status ) {
			actions.push(
				small( __( 'Draft', 'arshline-sidecar' ), sprintf( __( 'Move form %s to drafts', 'arshline-sidecar' ), id ), function ( b ) {
					act( b, 'draft_form', form.id, {} );
				} )
			);
		}
		if ( 'disabled' !== form.status ) {
			actions.push(
				small( __( 'Disable', 'arshline-sidecar' ), sprintf( __( 'Disable form %s (stop accepting answers)', 'arshline-sidecar' ), id ), function ( b ) {
					act( b, 'disable_form', form.id, {} );
				} )
			);
		}
		actions.push(
			small( __( 'Delete', 'arshline-sidecar' ), sprintf( __( 'Delete form %s (can be undone)', 'arshline-sidecar' ), id ), function ( b ) {
				act( b, 'delete_form', form.id, {} );
			} ),
			small( __( 'Versions', 'arshline-sidecar' ), sprintf( __( 'Versions of form %s', 'arshline-sidecar' ), id ), function () {
				openHash( '#versions/' + Number( form.id ) );
			} ),
			small( __( 'Use in Hosha2', 'arshline-sidecar' ), sprintf( __( 'Use form %s in Hosha2', 'arshline-sidecar' ), id ), function () {
				window.location.href = pageUrl( 'ai', { form: Number( form.id ) } ) + '#arsh-h2-title';
			} )
		);
		var spaced = [];
		actions.forEach( function ( a ) {
			spaced.push( a, ' ' );
		} );
		var check = el( 'input', { type: 'checkbox', className: 'arsh-form-check', value: String( form.id ), 'aria-label': sprintf( __( 'Select form %s', 'arshline-sidecar' ), id ) } );
		var tr = el( 'tr', { 'data-form-id': form.id }, [
			el( 'th', { scope: 'row', className: 'check-column' }, [ check ] ),
			el( 'td', { text: id } ),
			el( 'td', { className: 'arsh-title' }, [ bdi( form.title ) ] ),
			el( 'td', { className: 'arsh-status arsh-status-' + form.status, text: statusLabel( form.status ) } ),
			el( 'td', { className: 'arsh-version-count', text: num( form.version_count ) } ),
			el( 'td', { className: 'arsh-answer-count', text: '…' } ),
			el( 'td', { className: 'arsh-last-answer', text: '…' } ),
			el( 'td', {}, [ shortcodeBox( form.id ) ] ),
			el( 'td', { className: 'arsh-form-actions' }, spaced ),
		] );
		rows.push( tr );
		body.appendChild( tr );
	} );
	watchRows( rows );
	applyFilters();
}

function goToBuilder( id ) {
	openHash( '#builder/' + Number( id ) );
}

function act( button, action, formId, params ) {
	busy( button, true );
	return runFormAction( action, formId, params, $( 'arsh-forms-msg' ) ).then( function () {
		busy( button, false );
	} );
}

/**
 * Runs one action on a form as an arshline-plan/v2 plan (ai.execute), then
 * says what happened with an Undo button. Resolves to whether it ran.
 */
export function runFormAction( action, formId, params, box ) {
	var plan = { version: 2, steps: [ { action: action, params: Object.assign( { id: Number( formId ) }, params || {} ) } ] };
	return call( { path: '/arshline/v1/ai/execute', method: 'POST', data: { plan: plan, confirm: true } } ).then( function ( r ) {
		if ( ! r.ok ) {
			showError( box, r, function () {
				runFormAction( action, formId, params, box );
			} );
			return false;
		}
		var tokens = r.body.undo_tokens || [];
		var result = ( r.body.results || [] )[ 0 ] || {};
		message( box, 'success', stepSentence( action, formId, result ) );
		offerUndo( box, tokens );
		loadForms();
		return true;
	} );
}

export function renderFormSelect() {
	var select = $( 'arsh-h2-formid' );
	if ( ! select ) {
		return;
	}
	var current = select.value || new URLSearchParams( window.location.search ).get( 'form' ) || '';
	clear( select );
	select.appendChild( el( 'option', { value: 'new', text: __( 'A new form', 'arshline-sidecar' ) } ) );
	state.forms.forEach( function ( form ) {
		select.appendChild( el( 'option', { value: String( form.id ), text: sprintf( __( 'Form %1$s: %2$s', 'arshline-sidecar' ), num( form.id ), form.title ) } ) );
	} );
	if ( current && select.querySelector( 'option[value="' + CSS.escape( current ) + '"]' ) ) {
		select.value = current;
	}
}

/**
 * The list's search, status filter and order, applied to the rows shown
 * (every form is on the page: the daemon lists at most 200).
 */
export function applyFilters() {
	var body = $( 'arsh-forms-body' );
	var q = ( $( 'arsh-forms-search' ).value || '' ).trim().toLowerCase();
	var status = $( 'arsh-forms-status' ).value;
	var order = $( 'arsh-forms-order' ).value;
	var rows = Array.prototype.slice.call( body.querySelectorAll( 'tr[data-form-id]' ) );
	var shown = 0;
	rows.forEach( function ( tr ) {
		var form = byId( tr.getAttribute( 'data-form-id' ) );
		var visible = !! form && ( ! status || form.status === status ) && ( ! q || String( form.title ).toLowerCase().indexOf( q ) >= 0 || String( form.id ) === q );
		tr.hidden = ! visible;
		shown += visible ? 1 : 0;
	} );
	var key = {
		id: function ( tr ) {
			return -Number( tr.getAttribute( 'data-form-id' ) );
		},
		title: function ( tr ) {
			return String( ( byId( tr.getAttribute( 'data-form-id' ) ) || {} ).title || '' );
		},
		answers: function ( tr ) {
			return -Number( tr.getAttribute( 'data-answers' ) || -1 );
		},
		last: function ( tr ) {
			return String( tr.getAttribute( 'data-last' ) || '' );
		},
	}[ order ];
	if ( key ) {
		rows.sort( function ( x, y ) {
			var a = key( x );
			var b = key( y );
			if ( 'last' === order ) {
				return a < b ? 1 : a > b ? -1 : 0;
			}
			return 'string' === typeof a ? a.localeCompare( b ) : a - b;
		} );
		rows.forEach( function ( tr ) {
			body.appendChild( tr );
		} );
	}
	$( 'arsh-forms-count' ).textContent = sprintf( __( '%s forms shown', 'arshline-sidecar' ), num( shown ) );
}

function byId( id ) {
	return state.forms.filter( function ( f ) {
		return String( f.id ) === String( id );
	} )[ 0 ];
}

/** The checked forms of the list. */
function checkedIds() {
	return Array.prototype.slice.call( document.querySelectorAll( '#arsh-forms-body input.arsh-form-check:checked' ) ).map( function ( box ) {
		return Number( box.value );
	} );
}

/** Runs the chosen bulk action on every checked form, one plan (one undo). */
export function onBulk( event ) {
	event.preventDefault();
	var action = $( 'arsh-forms-bulk' ).value;
	var ids = checkedIds();
	var box = $( 'arsh-forms-msg' );
	if ( ! action || ! ids.length ) {
		message( box, 'error', __( 'Choose forms and an action first.', 'arshline-sidecar' ) );
		return;
	}
	var plan = {
		version: 2,
		steps: ids.map( function ( id ) {
			return { action: action, params: { id: id } };
		} ),
	};
	var button = $( 'arsh-forms-bulk-apply' );
	busy( button, true );
	call( { path: '/arshline/v1/ai/execute', method: 'POST', data: { plan: plan, confirm: true } } ).then( function ( r ) {
		busy( button, false );
		if ( ! r.ok ) {
			showError( box, r );
			return;
		}
		var tokens = r.body.undo_tokens || [];
		message( box, 'success', sprintf( __( 'Done for %s forms.', 'arshline-sidecar' ), num( ids.length ) ) );
		offerUndo( box, tokens );
		loadForms();
	} );
}

/**
 * An "Undo" button beside the success message in box, taking back the
 * steps of tokens (nothing when there are none), then the list again.
 */
function offerUndo( box, tokens ) {
	if ( ! tokens.length ) {
		return;
	}
	var undo = el( 'button', { type: 'button', className: 'button arsh-undo-form', text: __( 'Undo', 'arshline-sidecar' ) } );
	undo.addEventListener( 'click', function () {
		busy( undo, true );
		call( { path: '/arshline/v1/ai/undo', method: 'POST', data: { tokens: tokens.slice() } } ).then( function ( u ) {
			busy( undo, false );
			if ( ! u.ok ) {
				showError( box, u );
				return;
			}
			message( box, 'success', __( 'Undone.', 'arshline-sidecar' ) );
			loadForms();
		} );
	} );
	box.firstChild.firstChild.appendChild( document.createTextNode( ' ' ) );
	box.firstChild.firstChild.appendChild( undo );
}
