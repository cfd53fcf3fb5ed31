<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => 'ee1863f00f28532aa197');
