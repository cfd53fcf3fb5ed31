<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '205ee5af1cac5e063109');
