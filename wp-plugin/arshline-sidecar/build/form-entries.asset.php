<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => 'daad1279973215c673d2');
