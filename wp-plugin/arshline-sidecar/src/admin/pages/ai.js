/**
 * AI commands: a command in the admin's words → plan preview → confirm →
 * results with undo; and Hosha2, a whole form from a description.
 */

import { $, show } from '../dom';
import { loadForms } from '../forms';
import { loadHealth } from '../health';
import { onGenerate, onCancel } from '../hosha2';
import { onPlan, onExecute, undo } from '../planner';
import { state } from '../state';
import { ready } from './ready';

ready( function () {
	if ( ! $( 'arsh-command-form' ) ) {
		return;
	}
	$( 'arsh-command-form' ).addEventListener( 'submit', onPlan );
	$( 'arsh-execute' ).addEventListener( 'click', onExecute );
	$( 'arsh-discard' ).addEventListener( 'click', function () {
		state.plan = null;
		show( $( 'arsh-preview' ), false );
		$( 'arsh-command' ).focus();
	} );
	$( 'arsh-undo-last' ).addEventListener( 'click', function () {
		undo( false );
	} );
	$( 'arsh-undo-all' ).addEventListener( 'click', function () {
		undo( true );
	} );
	$( 'arsh-h2-form' ).addEventListener( 'submit', onGenerate );
	$( 'arsh-h2-cancel' ).addEventListener( 'click', onCancel );
	$( 'arsh-command' ).addEventListener( 'keydown', function ( e ) {
		if ( 'Enter' === e.key && ( e.ctrlKey || e.metaKey ) ) {
			onPlan( e );
		}
	} );
	var command = new URLSearchParams( window.location.search ).get( 'command' );
	if ( command ) {
		$( 'arsh-command' ).value = command;
	}
	loadHealth();
	loadForms();
} );
