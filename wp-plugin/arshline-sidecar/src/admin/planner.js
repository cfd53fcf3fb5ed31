/**
 * Command → plan preview → confirm → results with undo.
 */

import { __, _n, sprintf } from '@wordpress/i18n';

import { call } from './api';
import { $, el, bdi, clear, show, message, showError, busy, openHash } from './dom';
import { loadForms } from './forms';
import { num, actionLabel, stepSentence } from './i18n';
import { state } from './state';

export function onPlan( event ) {
	if ( event ) {
		event.preventDefault();
	}
	var text = $( 'arsh-command' ).value.trim();
	var box = $( 'arsh-plan-msg' );
	message( box, 'info', '' );
	show( $( 'arsh-preview' ), false );
	if ( ! text ) {
		message( box, 'error', __( 'Type a command first.', 'arshline-sidecar' ) );
		$( 'arsh-command' ).focus();
		return;
	}
	var button = $( 'arsh-plan-btn' );
	busy( button, true );
	message( box, 'info', __( 'Reading your command…', 'arshline-sidecar' ) );
	call( { path: '/arshline/v1/ai/plan', method: 'POST', data: { text: text } } ).then( function ( r ) {
		busy( button, false );
		if ( ! r.ok ) {
			showError( box, r, onPlan );
			return;
		}
		message( box, 'info', '' );
		if ( r.body.none ) {
			var text2 = r.body.reason || __( 'This command does not change anything that can be previewed.', 'arshline-sidecar' );
			if ( r.body.navigate && r.body.navigate.action ) {
				if ( navigate( r.body.navigate ) ) {
					message( box, 'info', sprintf( __( 'Opening: %s', 'arshline-sidecar' ), actionLabel( r.body.navigate.action ) ) );
					return;
				}
				text2 += ' ' + sprintf( __( 'Suggested page: %s', 'arshline-sidecar' ), actionLabel( r.body.navigate.action ) );
			}
			message( box, 'warning', text2 );
			return;
		}
		renderPreview( r.body );
	} );
}

function renderPreview( result ) {
	state.plan = result.plan;
	var list = $( 'arsh-preview-list' );
	var warnings = $( 'arsh-warnings' );
	clear( list );
	clear( warnings );
	( result.preview || [] ).forEach( function ( line ) {
		list.appendChild( el( 'li', {}, [ bdi( 'string' === typeof line ? line : line.text || JSON.stringify( line ) ) ] ) );
	} );
	( result.warnings || [] ).forEach( function ( w ) {
		warnings.appendChild( el( 'li', { className: 'arsh-warning' }, [ bdi( 'string' === typeof w ? w : w.message || JSON.stringify( w ) ) ] ) );
	} );
	show( $( 'arsh-preview' ), true );
	$( 'arsh-preview-title' ).focus();
}

export function onExecute() {
	if ( ! state.plan ) {
		return;
	}
	var button = $( 'arsh-execute' );
	var box = $( 'arsh-plan-msg' );
	busy( button, true );
	call( { path: '/arshline/v1/ai/execute', method: 'POST', data: { plan: state.plan, confirm: true } } ).then( function ( r ) {
		busy( button, false );
		if ( ! r.ok ) {
			showError( box, r, onExecute );
			return;
		}
		state.plan = null;
		show( $( 'arsh-preview' ), false );
		$( 'arsh-command' ).value = '';
		state.undoTokens = ( r.body.undo_tokens || [] ).slice();
		renderResults( r.body.results || [] );
		loadForms();
		// A plan that ends on a page (open_builder, open_editor, open_results) goes there.
		var nav = ( r.body.results || [] ).filter( function ( step ) {
			return step.navigate && step.navigate.action;
		} );
		if ( nav.length ) {
			navigate( nav[ nav.length - 1 ].navigate, nav[ nav.length - 1 ].form_id );
		}
	} );
}

/**
 * Takes the admin to the page a navigation step names: open_builder → the
 * builder of the form, open_editor → the builder with the field at index
 * focused, open_results → '#results/ID'. Returns whether it knew the page.
 */
export function navigate( hint, fallbackId ) {
	var params = ( hint && hint.params ) || {};
	var id = Number( params.id || params.form_id || fallbackId || 0 );
	if ( ! hint || ! id ) {
		return false;
	}
	var hash = '';
	switch ( hint.action ) {
		case 'open_builder':
			hash = '#builder/' + id;
			break;
		case 'open_editor':
			hash = '#builder/' + id + ( 'number' === typeof params.index ? '/' + params.index : '' );
			break;
		case 'open_results':
			hash = '#results/' + id;
			break;
		default:
			return false;
	}
	openHash( hash );
	return true;
}

function renderResults( results ) {
	var list = $( 'arsh-results-list' );
	clear( list );
	results.forEach( function ( step ) {
		list.appendChild( el( 'li', { text: stepSentence( step.action, step.form_id, step ) } ) );
	} );
	updateUndoButtons();
	show( $( 'arsh-results' ), true );
	$( 'arsh-results-title' ).focus();
}

function updateUndoButtons() {
	var n = state.undoTokens.length;
	$( 'arsh-undo-last' ).disabled = 0 === n;
	$( 'arsh-undo-all' ).disabled = 0 === n;
}

export function undo( all ) {
	if ( ! state.undoTokens.length ) {
		return;
	}
	var box = $( 'arsh-plan-msg' );
	var data = all ? { tokens: state.undoTokens.slice() } : { token: state.undoTokens[ state.undoTokens.length - 1 ] };
	var button = $( all ? 'arsh-undo-all' : 'arsh-undo-last' );
	busy( button, true );
	call( { path: '/arshline/v1/ai/undo', method: 'POST', data: data } ).then( function ( r ) {
		busy( button, false );
		if ( ! r.ok ) {
			showError( box, r, function () {
				undo( all );
			} );
			updateUndoButtons();
			return;
		}
		var undone = ( r.body.undone || [] ).length;
		state.undoTokens = all ? [] : state.undoTokens.slice( 0, -1 );
		updateUndoButtons();
		message( box, 'success', sprintf( _n( '%s change was undone.', '%s changes were undone.', undone, 'arshline-sidecar' ), num( undone ) ) );
		loadForms();
	} );
}
