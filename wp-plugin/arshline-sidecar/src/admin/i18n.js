/**
 * Numbers, dates and the labels of the daemon's codes, in the page's language.
 */

import { __, sprintf } from '@wordpress/i18n';

import { isFa } from './config';

const numberFormat = new Intl.NumberFormat( isFa ? 'fa-IR' : 'en-US', { useGrouping: false } );
export const dateFormat = new Intl.DateTimeFormat( isFa ? 'fa-IR' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' } );

export function num( n ) {
	return numberFormat.format( Number( n ) || 0 );
}

export function actionLabel( action ) {
	var labels = {
		create_form: __( 'Create form', 'arshline-sidecar' ),
		add_field: __( 'Add question', 'arshline-sidecar' ),
		update_form_title: __( 'Rename form', 'arshline-sidecar' ),
		publish_form: __( 'Publish form', 'arshline-sidecar' ),
		draft_form: __( 'Move form to drafts', 'arshline-sidecar' ),
		open_builder: __( 'Open the form builder', 'arshline-sidecar' ),
		open_editor: __( 'Open the question editor', 'arshline-sidecar' ),
		open_results: __( 'Open the results', 'arshline-sidecar' ),
	};
	return labels[ action ] || action;
}

export function statusLabel( status ) {
	return (
		{
			draft: __( 'Draft', 'arshline-sidecar' ),
			published: __( 'Published', 'arshline-sidecar' ),
			disabled: __( 'Disabled', 'arshline-sidecar' ),
		}[ status ] || status
	);
}

export function phaseLabel( phase ) {
	return (
		{
			analyze_input: __( 'Reading the request', 'arshline-sidecar' ),
			build_capabilities: __( 'Preparing the field catalogue', 'arshline-sidecar' ),
			openai_send: __( 'Asking the AI model', 'arshline-sidecar' ),
			validate_response: __( 'Checking the answer', 'arshline-sidecar' ),
			persist_form: __( 'Saving the form', 'arshline-sidecar' ),
			render_preview: __( 'Preparing the preview', 'arshline-sidecar' ),
		}[ phase ] || phase
	);
}

export function sourceLabel( source ) {
	return (
		{
			planner: __( 'AI command', 'arshline-sidecar' ),
			hosha2: __( 'Hosha2', 'arshline-sidecar' ),
			rollback: __( 'Rollback', 'arshline-sidecar' ),
			undo: __( 'Undo', 'arshline-sidecar' ),
			api: __( 'Manual', 'arshline-sidecar' ),
		}[ source ] || source
	);
}

export const TYPE_LABELS = function () {
	return {
		text: __( 'Short answer', 'arshline-sidecar' ),
		textarea: __( 'Long answer', 'arshline-sidecar' ),
		email: __( 'Email', 'arshline-sidecar' ),
		number: __( 'Number', 'arshline-sidecar' ),
		radio: __( 'Single choice', 'arshline-sidecar' ),
		checkbox: __( 'Multiple choice', 'arshline-sidecar' ),
		select: __( 'Drop-down', 'arshline-sidecar' ),
		date: __( 'Date', 'arshline-sidecar' ),
		file: __( 'File upload', 'arshline-sidecar' ),
		rating: __( 'Rating', 'arshline-sidecar' ),
		matrix: __( 'Matrix', 'arshline-sidecar' ),
		section: __( 'Section', 'arshline-sidecar' ),
		html: __( 'Text block', 'arshline-sidecar' ),
	};
};

/**
 * What an executed step did to form formId, as a sentence; result is the
 * step's result (a copy names the new form).
 */
export function stepSentence( action, formId, result ) {
	var id = num( formId );
	switch ( action ) {
		case 'create_form':
			return sprintf( __( 'Form %s was created.', 'arshline-sidecar' ), id );
		case 'add_field':
			return sprintf( __( 'A question was added to form %s.', 'arshline-sidecar' ), id );
		case 'update_form_title':
			return sprintf( __( 'Form %s was renamed.', 'arshline-sidecar' ), id );
		case 'publish_form':
			return sprintf( __( 'Form %s was published.', 'arshline-sidecar' ), id );
		case 'draft_form':
			return sprintf( __( 'Form %s was moved to drafts.', 'arshline-sidecar' ), id );
		case 'disable_form':
			return sprintf( __( 'Form %s was disabled: it keeps its link and refuses answers.', 'arshline-sidecar' ), id );
		case 'delete_form':
			return sprintf( __( 'Form %s was deleted.', 'arshline-sidecar' ), id );
		case 'duplicate_form':
			return result && result.form_id && result.form_id !== formId
				? sprintf( __( 'Form %1$s was copied as form %2$s.', 'arshline-sidecar' ), id, num( result.form_id ) )
				: sprintf( __( 'Form %s was copied.', 'arshline-sidecar' ), id );
		default:
			return actionLabel( action );
	}
}
