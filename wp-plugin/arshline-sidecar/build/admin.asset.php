<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '91c7ec07b810e29a6883');
