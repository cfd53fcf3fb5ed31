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
import { openEntries, onEntriesFilter, onOlder, onNewer, onSelectAll, onBulkStatus, onBulkDelete } from './entries';
import { openResults, onResultsFilter, onToggleTables } from './results';

/** #entries/FORM_ID and #results/FORM_ID open a form's entries or results. */
function route( focus ) {
	var m = /^#(entries|results)\/(\d+)$/.exec( window.location.hash );
	if ( ! m ) {
		return;
	}
	if ( 'entries' === m[ 1 ] ) {
		openEntries( m[ 2 ], focus );
	} else {
		openResults( m[ 2 ], focus );
	}
}

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
	$( 'arsh-ent-filters' ).addEventListener( 'submit', onEntriesFilter );
	$( 'arsh-ent-older' ).addEventListener( 'click', onOlder );
	$( 'arsh-ent-newer' ).addEventListener( 'click', onNewer );
	$( 'arsh-ent-all' ).addEventListener( 'change', onSelectAll );
	[ 'arsh-ent-read', 'arsh-ent-star', 'arsh-ent-spam' ].forEach( function ( id ) {
		$( id ).addEventListener( 'click', onBulkStatus );
	} );
	$( 'arsh-ent-delete' ).addEventListener( 'click', onBulkDelete );
	$( 'arsh-res-filters' ).addEventListener( 'submit', onResultsFilter );
	$( 'arsh-res-tables' ).addEventListener( 'change', onToggleTables );
	window.addEventListener( 'hashchange', function () {
		route( true );
	} );
	if ( ! /^#(entries|results)\//.test( window.location.hash ) ) {
		openEntries( 0, false );
		openResults( 0, false );
	}
	route( true );
}

if ( 'loading' === document.readyState ) {
	document.addEventListener( 'DOMContentLoaded', start );
} else {
	start();
}
