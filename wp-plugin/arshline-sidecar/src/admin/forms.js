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
import { loadVersions } from './versions';

const answers = {};
let observer = null;

export function loadForms() {
	var box = $( 'arsh-forms-msg' );
	return call( { path: '/arshline/v1/forms?limit=200' } ).then( function ( r ) {
		if ( ! r.ok ) {
			showError( box, r, loadForms );
			return;
		}
		if ( box.querySelector( '.notice-error' ) ) {
			// A failed load's message goes; what an action said stays.
			message( box, 'info', '' );
		}
		state.forms = Array.isArray( r.body ) ? r.body : r.body.forms || [];
		renderForms();
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
		body.appendChild( el( 'tr', {}, [ el( 'td', { colspan: 8, text: __( 'There are no forms yet.', 'arshline-sidecar' ) } ) ] ) );
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
				loadVersions( form.id );
			} ),
			small( __( 'Use in Hosha2', 'arshline-sidecar' ), sprintf( __( 'Use form %s in Hosha2', 'arshline-sidecar' ), id ), function () {
				$( 'arsh-h2-formid' ).value = String( form.id );
				$( 'arsh-h2-prompt' ).focus();
			} )
		);
		var spaced = [];
		actions.forEach( function ( a ) {
			spaced.push( a, ' ' );
		} );
		var tr = el( 'tr', { 'data-form-id': form.id }, [
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
	renderFormSelect();
}

function goToBuilder( id ) {
	openHash( '#builder/' + Number( id ) );
}

/** Creates a form by title and opens it in the builder. */
export function createForm() {
	var box = $( 'arsh-forms-msg' );
	var title = window.prompt( __( 'Title of the new form', 'arshline-sidecar' ), '' );
	if ( null === title || ! title.trim() ) {
		return Promise.resolve();
	}
	return call( { path: '/arshline/v1/forms', method: 'POST', data: { title: title.trim() } } ).then( function ( r ) {
		if ( ! r.ok ) {
			showError( box, r, createForm );
			return;
		}
		var form = r.body.form || r.body;
		return loadForms().then( function () {
			goToBuilder( form.id );
		} );
	} );
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
		if ( tokens.length ) {
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
		loadForms();
		return true;
	} );
}

export function renderFormSelect() {
	var select = $( 'arsh-h2-formid' );
	var current = select.value;
	clear( select );
	select.appendChild( el( 'option', { value: 'new', text: __( 'A new form', 'arshline-sidecar' ) } ) );
	state.forms.forEach( function ( form ) {
		select.appendChild( el( 'option', { value: String( form.id ), text: sprintf( __( 'Form %1$s: %2$s', 'arshline-sidecar' ), num( form.id ), form.title ) } ) );
	} );
	if ( current && select.querySelector( 'option[value="' + CSS.escape( current ) + '"]' ) ) {
		select.value = current;
	}
}
