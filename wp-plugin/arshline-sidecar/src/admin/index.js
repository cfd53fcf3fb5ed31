/**
 * Arshline AI admin page: command → plan preview → confirm → results with
 * undo; the forms list; Hosha2 generation with live progress, cancel, the
 * generated form, versions, readable diffs and rollback.
 * 
 * Built with @wordpress/scripts into build/admin.js; wp.apiFetch and wp.i18n
 * are WordPress's own scripts, named in build/admin.asset.php.
 */

import { $, show } from './dom';
import { initBuilder } from './builder';
import { loadForms, renderFormSelect, createForm } from './forms';
import { loadHealth } from './health';
import { onGenerate, onCancel } from './hosha2';
import { onPlan, onExecute, undo } from './planner';
import { state } from './state';

function start() {
	if ( ! $( 'arshline-sidecar-app' ) ) {
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
	$( 'arsh-forms-refresh' ).addEventListener( 'click', loadForms );
	$( 'arsh-forms-create' ).addEventListener( 'click', createForm );
	$( 'arsh-h2-form' ).addEventListener( 'submit', onGenerate );
	$( 'arsh-h2-cancel' ).addEventListener( 'click', onCancel );
	$( 'arsh-command' ).addEventListener( 'keydown', function ( e ) {
		if ( 'Enter' === e.key && ( e.ctrlKey || e.metaKey ) ) {
			onPlan( e );
		}
	} );
	renderFormSelect();
	loadHealth();
	loadForms();
	initBuilder();
}

if ( 'loading' === document.readyState ) {
	document.addEventListener( 'DOMContentLoaded', start );
} else {
	start();
}
