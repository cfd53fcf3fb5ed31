<?php return array('dependencies' => array(), 'version' => 'd225120604e2893dc99c');
