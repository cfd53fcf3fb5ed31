<?php return array('dependencies' => array(), 'version' => '6400ae14682fa9cdfc2f');
